// A form with a file (multipart/form-data): a job application and its CV (issue 36). Read here, for the endpoint's
// first step (lead-handler.ts readRequest), from either of the two ways it arrives:
//   - on Netlify, Gatsby's function wrapper has parsed it already with multer (its `multer().any()`, memory storage):
//     the fields in `req.body`, the files in `req.files`, each with its bytes in `buffer`;
//   - the local server (scripts/serve.mjs) hands over the body's bytes, read here with busboy (what multer runs).
import Busboy from "busboy";
import type { GatsbyFunctionRequest } from "gatsby";

export interface UploadedFile {
  /** the form field it came in */
  field: string;
  /** the name the visitor's file had (never trusted: src/lib/cv-file.ts names it anew) */
  name: string;
  /** its first `maxFileBytes + 1` bytes at most: enough to know that it is too large */
  bytes: Uint8Array;
  /** its whole size */
  size: number;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/** A body the reader refuses: more than one file, or not a multipart body it can read. */
export interface MultipartProblem {
  problem: "files" | "unreadable";
}

/**
 * The largest multipart body the endpoint reads: a CV of the largest size and the form's fields, with room to spare,
 * so that a file somewhat over the limit is answered with the form again and the limit in words (the local server
 * lets bodies of this size through to the endpoint, and no larger).
 */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/** The limits of what a multipart body may hold besides its file. */
export const MULTIPART_LIMITS = { fields: 30, fieldBytes: 32 * 1024 } as const;

export const isMultipart = (req: Pick<GatsbyFunctionRequest, "headers">): boolean =>
  String(req.headers["content-type"] ?? "")
    .trim()
    .toLowerCase()
    .startsWith("multipart/form-data");

interface MulterFile {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * multer reads the file name's bytes as Latin-1 (its default); a browser sends them as UTF-8. The name as the
 * visitor's system had it, when its bytes are UTF-8.
 */
function utf8Name(name: string): string {
  // a character above U+00FF cannot have come from Latin-1: the name was decoded some other way already
  if ([...name].some((c) => c.codePointAt(0)! > 0xff)) return name;
  const decoded = Buffer.from(name, "latin1").toString("utf8");
  return decoded.includes("\uFFFD") ? name : decoded;
}

const fileOf = (field: string, name: string, bytes: Uint8Array, size: number): UploadedFile | null =>
  // a file input left empty sends a part with no name and no bytes
  !name && size === 0 ? null : { field, name, bytes, size };

/** The fields and the one file of a multipart body, or what is wrong with it. */
export async function readMultipart(
  req: GatsbyFunctionRequest,
  maxFileBytes: number,
): Promise<MultipartBody | MultipartProblem> {
  const parsed = (req as unknown as { files?: unknown }).files;
  if (Array.isArray(parsed)) {
    const files = (parsed as MulterFile[]).filter((f) => f.originalname || f.size > 0);
    if (files.length > 1) return { problem: "files" };
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>))
      if (typeof value === "string") fields[name] = value;
    const [file] = files;
    return {
      fields,
      file: file
        ? fileOf(file.fieldname, utf8Name(file.originalname), file.buffer.subarray(0, maxFileBytes + 1), file.size)
        : null,
    };
  }
  if (!Buffer.isBuffer(req.body)) return { problem: "unreadable" };
  return parseBytes(req.body, String(req.headers["content-type"]), maxFileBytes);
}

function parseBytes(
  body: Buffer,
  contentType: string,
  maxFileBytes: number,
): Promise<MultipartBody | MultipartProblem> {
  return new Promise((resolve) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let tooMany = false;
    let reading = 0;
    let finished = false;
    const done = () => {
      if (!finished || reading) return;
      if (tooMany || files.length > 1) return resolve({ problem: "files" });
      resolve({ fields, file: files[0] ?? null });
    };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        // a browser sends a file's name as UTF-8
        defParamCharset: "utf8",
        limits: {
          files: 1,
          fields: MULTIPART_LIMITS.fields,
          fieldSize: MULTIPART_LIMITS.fieldBytes,
          parts: MULTIPART_LIMITS.fields + 2,
        },
      });
    } catch {
      return resolve({ problem: "unreadable" });
    }
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      reading += 1;
      const chunks: Buffer[] = [];
      let kept = 0;
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (kept > maxFileBytes) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const file = fileOf(field, info.filename ?? "", bytes.subarray(0, maxFileBytes + 1), size);
        if (file) files.push(file);
        reading -= 1;
        done();
      });
    });
    parser.on("filesLimit", () => {
      tooMany = true;
    });
    parser.on("error", () => resolve({ problem: "unreadable" }));
    parser.on("close", () => {
      finished = true;
      done();
    });
    parser.end(body);
  });
}

/**
 * The body the rules read, from the fields the site's script sends as multipart (src/lib/lead-client.ts): each is
 * the JSON body's own field, as text; the two that are not text in JSON are read back (`elapsed`, a number, and
 * `attribution`, an object sent as JSON).
 */
export function bodyOfScriptFields(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...fields };
  if (fields.elapsed !== undefined) body.elapsed = fields.elapsed === "" ? undefined : Number(fields.elapsed);
  if (fields.attribution !== undefined)
    try {
      body.attribution = JSON.parse(fields.attribution);
    } catch {
      body.attribution = undefined;
    }
  return body;
}

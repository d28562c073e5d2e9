// A form with a file (multipart/form-data): a job application and its CV (issue 36), read with the web platform's
// own parser (`request.formData()`), as a function of Netlify's current API receives it. The endpoint's first step
// (lead-read.ts) reads the body; this file says what such a body may hold and turns it into fields and one file.

export interface UploadedFile {
  /** the form field it came in */
  field: string;
  /** the name the visitor's file had (never trusted: src/lib/cv-file.ts names it anew) */
  name: string;
  bytes: Uint8Array;
  size: number;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/** A body the reader refuses: more than one file, too many fields, or not a multipart body it can read. */
export interface MultipartProblem {
  problem: "files" | "unreadable";
}

/**
 * Netlify buffers a function's request body up to 6 MB as it reaches the function, a binary body base64-encoded on
 * the way (4 bytes for every 3): the largest multipart body that can arrive (docs/deploying.md#limits).
 */
export const PLATFORM_BODY_BYTES = 6 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = Math.floor((PLATFORM_BODY_BYTES * 3) / 4) - 16 * 1024;

/** What a multipart body may hold besides its file. */
export const MULTIPART_LIMITS = { fields: 30, fieldBytes: 32 * 1024 } as const;

export const isMultipart = (contentType: string): boolean =>
  contentType.trim().toLowerCase().startsWith("multipart/form-data");

/** The fields and the one file of a multipart body (read whole, `bytes`), or what is wrong with it. */
export async function readMultipart(bytes: Uint8Array, contentType: string): Promise<MultipartBody | MultipartProblem> {
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    return { problem: "unreadable" };
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let count = 0;
  for (const [name, value] of form) {
    if (typeof value === "string") {
      count += 1;
      if (count > MULTIPART_LIMITS.fields || value.length > MULTIPART_LIMITS.fieldBytes)
        return { problem: "unreadable" };
      fields[name] = value;
      // a file input left empty sends a part with no name and no bytes
    } else if (value.name || value.size > 0)
      files.push({ field: name, name: value.name, bytes: new Uint8Array(await value.arrayBuffer()), size: value.size });
  }
  if (files.length > 1) return { problem: "files" };
  return { fields, file: files[0] ?? null };
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

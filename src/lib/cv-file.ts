// A job applicant's CV (issue 36): one file, PDF, DOCX or ODT, at most 4 MB, known by its bytes: neither its name
// nor the type the browser declares is trusted (a renamed program is still a program). The kinds are listed once,
// here (CV_KINDS); what the form says of a CV is its declaration's (src/lib/forms.ts, the application's `file`).

/**
 * 4 MB: with the form's fields, base64-encoded on its way to the function, it stays under Netlify's 6 MB limit of a
 * function's request with room to spare, so a file a little over it still reaches the endpoint and is answered in
 * the site's words (src/server/multipart.ts; docs/deploying.md#limits).
 */
export const CV_MAX_BYTES = 4 * 1024 * 1024;

export const CV_KINDS = {
  pdf: { type: "application/pdf", extension: "pdf", words: "PDF" },
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
    words: "Word (DOCX)",
  },
  odt: { type: "application/vnd.oasis.opendocument.text", extension: "odt", words: "OpenDocument (ODT)" },
} as const;
export type CvKind = keyof typeof CV_KINDS;

const KINDS = Object.values(CV_KINDS);
/** "a, b or c" */
const either = (words: readonly string[]) => `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;

/** The kinds a CV may be, as a visitor reads them: "PDF, Word (DOCX) or OpenDocument (ODT)". */
export const CV_KINDS_IN_WORDS = either(KINDS.map((k) => k.words));

/** What the form's file field accepts, for the browser's file picker (the server checks the bytes). */
export const CV_ACCEPT = [...KINDS.map((k) => `.${k.extension}`), ...KINDS.map((k) => k.type)].join(",");

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));
const startsWith = (bytes: Uint8Array, text: string, at = 0) => ascii(bytes, at, text.length) === text;

/** Whether a ZIP archive's bytes name an entry: names are stored as they are, in each entry's header. */
function namesEntry(bytes: Uint8Array, name: string): boolean {
  const needle = new TextEncoder().encode(name);
  outer: for (let i = 0; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The kind of a CV by its bytes, or null: a PDF starts with %PDF-; an OpenDocument text is a ZIP whose first entry,
 * `mimetype`, holds its type uncompressed (ODF 1.2 §3.3); a Word document is a ZIP with `[Content_Types].xml` and
 * `word/document.xml` (ECMA-376).
 */
export function cvKindOf(bytes: Uint8Array): CvKind | null {
  if (startsWith(bytes, "%PDF-")) return "pdf";
  if (!startsWith(bytes, "PK\u0003\u0004")) return null;
  if (startsWith(bytes, "mimetype", 30) && startsWith(bytes, CV_KINDS.odt.type, 38)) return "odt";
  if (namesEntry(bytes, "[Content_Types].xml") && namesEntry(bytes, "word/document.xml")) return "docx";
  return null;
}

/** The size of a file in words: 4 MB, 740 KB. */
export const sizeInWords = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

/* eslint-disable no-control-regex -- removing control characters is the point */
/**
 * The name a CV is filed and mailed under: the applicant's own file name without its folders, control characters,
 * quotes or characters no file system takes, at most 100 characters, ending in its kind's extension (the bytes
 * decide the kind, so a "cv.pdf" that is a Word document becomes "cv.pdf.docx").
 */
export function cvFileName(name: string, kind: CvKind): string {
  const extension = CV_KINDS[kind].extension;
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029"<>:|?*]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const stem = base.toLowerCase().endsWith(`.${extension}`) ? base.slice(0, -(extension.length + 1)) : base;
  return `${[...(stem || "cv")].slice(0, 100 - extension.length - 1).join("")}.${extension}`;
}
/* eslint-enable no-control-regex */

/**
 * What is wrong with a chosen file before it is sent, or null (the server checks the bytes); the form says it in its
 * declaration's words (src/lib/forms.ts, `file.messages`).
 */
export function cvFileProblem(
  file: { name: string; size: number } | null | undefined,
): "missing" | "tooLarge" | "empty" | "wrongKind" | null {
  if (!file || !file.name) return "missing";
  if (file.size > CV_MAX_BYTES) return "tooLarge";
  if (file.size === 0) return "empty";
  const extension = file.name.toLowerCase().split(".").pop();
  if (!KINDS.some((k) => k.extension === extension)) return "wrongKind";
  return null;
}

/** A CV as checked: its kind by its bytes and the name it is filed under; or why it is refused. */
export type CvCheck =
  | { ok: true; kind: CvKind; name: string; bytes: Uint8Array; size: number }
  | { ok: false; status: 400 | 413; error: string; problem: "missing" | "long" | "invalid"; max?: number };

/**
 * The CV of an application as it came: present and not empty, at most CV_MAX_BYTES, and a PDF, DOCX or ODT by its
 * bytes. `bytes` may be only the file's first CV_MAX_BYTES + 1 bytes; `size` is its whole size.
 */
export function checkCv(file: { name: string; bytes: Uint8Array; size: number } | null): CvCheck {
  if (!file || file.size === 0) return { ok: false, status: 400, error: "cv is required", problem: "missing" };
  if (file.size > CV_MAX_BYTES)
    return {
      ok: false,
      status: 413,
      error: `cv is ${sizeInWords(file.size)}, larger than ${sizeInWords(CV_MAX_BYTES)}`,
      problem: "long",
      max: CV_MAX_BYTES,
    };
  const kind = cvKindOf(file.bytes);
  if (!kind)
    return {
      ok: false,
      status: 400,
      error: `cv must be a ${either(KINDS.map((k) => k.extension.toUpperCase()))} file`,
      problem: "invalid",
    };
  return { ok: true, kind, name: cvFileName(file.name, kind), bytes: file.bytes, size: file.size };
}

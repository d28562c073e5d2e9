// A job applicant's CV (issue 36): one file, PDF, DOCX or ODT, at most 5 MB, known by its bytes: neither its name
// nor the type the browser declares is trusted (a renamed program is still a program).

export const CV_MAX_BYTES = 5 * 1024 * 1024;

export const CV_KINDS = {
  pdf: { type: "application/pdf", extension: "pdf" },
  docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
  odt: { type: "application/vnd.oasis.opendocument.text", extension: "odt" },
} as const;
export type CvKind = keyof typeof CV_KINDS;

/** What the form's file field accepts, for the browser's file picker (the server checks the bytes). */
export const CV_ACCEPT = [".pdf", ".docx", ".odt", ...Object.values(CV_KINDS).map((k) => k.type)].join(",");

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

/** The size of a file in words: 5 MB, 740 KB. */
export const sizeInWords = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

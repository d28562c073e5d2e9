// The rules of a text the forms (forms.ts) and the endpoint (lead-rules.ts) share. The one e-mail rule: text, at sign, text, dot, text (spec §5),
// where no part holds a space or a character an address never has unquoted (< > ( ) [ ] \ , ; : "), so that what
// is accepted can go into a mail header as it is.
const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const isEmail = (value: string): boolean => EMAIL_SHAPE.test(value.trim());

/** Phone is optional; only digits are kept while typing. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, "");

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text cannot be stored, or null: a NUL, a lone surrogate (half of a UTF-16 pair, which no UTF-8 can carry),
 * or U+FFFD, the character a decoder puts where the bytes were not UTF-8 (on Netlify the body reaches the function
 * decoded already, and a broken %-escape in a form post decodes to it too).
 */
export function unreadable(value: string): string | null {
  if (value.includes("\u0000")) return "holds a NUL character, which is not text";
  if (LONE_SURROGATE.test(value)) return "holds half of a character (a lone surrogate)";
  if (value.includes("\uFFFD")) return "holds bytes that are not UTF-8 text";
  return null;
}
export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);

/** A web page's address, http or https only: an applicant's LinkedIn profile or portfolio. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/* eslint-disable no-control-regex -- matching control characters is the point */
/** Removes control characters; line breaks and tabs survive only where `multiline` is set. */
export function stripControl(value: string, multiline = false): string {
  const pattern = multiline
    ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g
    : /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
  return value.replace(pattern, "");
}
/* eslint-enable no-control-regex */

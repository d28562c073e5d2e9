// CSV as spreadsheets open it cleanly (RFC 4180): a header row, CRLF line ends, fields quoted when they hold a
// comma, quote or line break, and a byte-order mark so Excel reads UTF-8 names as UTF-8.

export const BOM = "\uFEFF";

/**
 * One field. A value starting with =, +, -, @, tab or carriage return is prefixed with an apostrophe, so that a
 * spreadsheet shows it as text instead of running it as a formula (OWASP's advice on CSV injection).
 */
export function csvField(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: readonly unknown[]): string => `${values.map(csvField).join(",")}\r\n`;

import site from "../../content/site.json";
import { pageHeaders, STYLE } from "./page-shell";

// The string-built shell of the form answer pages (src/server/form-pages.ts), until they are React components in
// the shell of src/server/page-shell.tsx too; it writes the same document, with that file's one stylesheet and
// headers. Every other page of a function is rendered by React, which escapes by itself.

export { pageHeaders };

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A page of the site's look: `body` is HTML already escaped; `home`, when given, is the way back to the site. */
export function htmlPage(title: string, body: string, home?: string): string {
  const header = home ? `<header><a href="${escapeHtml(home)}">${escapeHtml(site.title)}</a></header>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.title)}</title><style>${STYLE}</style></head><body>${header}<main>${body}</main></body></html>`;
}

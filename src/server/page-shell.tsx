import { createHash } from "crypto";
import React, { type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import site from "../../content/site.json";
import { tokensRule, type DesignToken } from "../lib/design-tokens";

// The one shell of the pages the functions answer with (a form sent without script that could not be taken, a
// moderation or subscription link, a rate limit, the local server's "busy") and of the leads report `npm run leads --
// report --html` writes: plain HTML, since a function cannot know the build's hashed stylesheet, drawn with the site's
// design tokens (src/lib/design-tokens.ts), under a policy of their own that allows no script at all. Each page of a
// function leads back to the site, drawn here once: the site's name above it and "Back to the site" below, and "Back
// to the page you came from" when that page is known. The pages are React components rendered to static markup:
// React escapes every text and attribute it is given, so what a visitor typed is never written into a page by hand.

/** The series of a chart (the leads report), told apart by hue and lightness. */
export const CHART_SERIES = [
  "color-chart-1",
  "color-chart-2",
  "color-chart-3",
  "color-chart-4",
  "color-chart-5",
  "color-chart-6",
  "color-chart-7",
  "color-chart-8",
] as const satisfies readonly DesignToken[];

const TOKENS: DesignToken[] = [
  "color-brand",
  "color-ink",
  "color-text",
  "color-muted",
  "color-line",
  "color-surface",
  "color-surface-alt",
  "color-error",
  "color-field-border",
  "color-white",
  "font-sans",
  "radius-md",
  "radius-lg",
  "shadow-md",
  ...CHART_SERIES,
];

/** The pages' one stylesheet; the policies allow it by its hash, so it is written into the page exactly as is. */
export const STYLE = `${tokensRule(TOKENS)}
body{font:16px/1.5 var(--font-sans);color:var(--color-text);background:var(--color-surface-alt);margin:0;padding:1.5rem 1rem}
header,main{max-width:40rem;margin:0 auto}header a{font-weight:700;color:var(--color-brand);text-decoration:none}
main{background:var(--color-surface);border-radius:var(--radius-lg);padding:1.5rem 2rem 2rem;box-shadow:var(--shadow-md);margin-top:1rem}
h1{color:var(--color-ink);font-size:1.5rem;margin:.5rem 0}.problem{border-left:4px solid var(--color-error);padding-left:.75rem}
label{display:block;font-weight:600;margin-top:1rem}input,textarea{font:inherit;box-sizing:border-box;width:100%;
padding:.6rem .75rem;border:1px solid var(--color-field-border);border-radius:var(--radius-md);margin-top:.25rem}
textarea{min-height:8rem}[aria-invalid=true]{border:2px solid var(--color-error)}.phone{display:flex;gap:.5rem}
.phone .dial{width:5.5rem;flex:none}button{font:inherit;font-weight:600;color:var(--color-white);
background:var(--color-brand);border:0;border-radius:var(--radius-md);padding:.75rem 1.5rem;margin-top:1.5rem;cursor:pointer}
button.reject{background:var(--color-error)}a{color:var(--color-brand)}.optional,.meta{font-weight:400;color:var(--color-muted)}
blockquote{margin:1rem 0;padding:1rem;background:var(--color-surface-alt);border-left:4px solid var(--color-brand);
white-space:pre-wrap;overflow-wrap:anywhere}.meta{font-size:.9rem}
main.wide{max-width:64rem}h2{color:var(--color-ink)}figure{margin:1rem 0 2rem}.grid{stroke:var(--color-line)}
svg text{font:11px var(--font-sans);fill:var(--color-muted)}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:.5rem 0 0 2.5rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.35rem .75rem;border-bottom:1px solid var(--color-line);text-align:right;white-space:nowrap}
th[scope=row],thead th:first-child{text-align:left}thead th{color:var(--color-ink)}tfoot{font-weight:700}`;

/** STYLE's source expression in a policy. */
export const STYLE_SOURCE = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

/**
 * The pages' headers: no script at all, their own style by hash, forms back to the function only. `referrer`: a
 * form page keeps `same-origin`, so that its form sends the Origin the endpoint checks (a stricter policy makes the
 * browser send `Origin: null`); a moderation page sends none.
 */
export const pageHeaders = (referrer: "same-origin" | "no-referrer") => ({
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": `default-src 'none'; style-src ${STYLE_SOURCE}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": referrer,
  "X-Robots-Tag": "noindex, nofollow",
});

/**
 * The policy of a page opened from a file (the leads report), which no server sends headers with: in a meta element,
 * where `frame-ancestors` does not apply; nothing but its own style, and no form goes anywhere.
 */
export const FILE_POLICY = `default-src 'none'; style-src ${STYLE_SOURCE}; form-action 'none'; base-uri 'none'`;

/**
 * The page of the site a request came from, as its Referer names it, for a way back to it: only on `origin` (the
 * site's), never a function's own address (a form page sent again names the endpoint), and as a path, since the
 * Referer is whatever the request says; undefined otherwise.
 */
export function pageCameFrom(referer: string | null | undefined, origin: string | null): string | undefined {
  if (!referer || !origin) return undefined;
  try {
    const url = new URL(referer);
    const path = `${url.pathname}${url.search}`;
    // `//host` or `/\host` would be read by the browser as another host
    if (url.origin !== origin || /^\/[/\\]|^\/(api|\.netlify)\//.test(path)) return undefined;
    return path;
  } catch {
    return undefined;
  }
}

export interface PageShellProps {
  /** the page's own title; the document's is "title | site title" */
  title: string;
  /**
   * the way back to the site's home page, above the page and below it: "/" unless told (a function answers on the
   * site's origin); an address on the site's origin where the page may be another's (the form endpoint); null for a
   * page that is not the site's (the report, a file)
   */
  home?: string | null;
  /** the page of the site the visitor came from (`pageCameFrom`), a way back to it too when it is not the home page */
  from?: string;
  /** the site's title, content/site.json's unless told */
  siteTitle?: string;
  /** a policy to carry in the page itself, for a page no server answers with (FILE_POLICY) */
  policy?: string;
  /** a page as wide as a table needs (the report) rather than as a column of text */
  wide?: boolean;
  children: ReactNode;
}

/** A page of the site's look. */
export function PageShell({ title, home = "/", from, siteTitle = site.title, policy, wide, children }: PageShellProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {policy ? <meta httpEquiv="Content-Security-Policy" content={policy} /> : null}
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${siteTitle}`}</title>
        {/* The one raw insertion: React would escape the quotes of the font names, and the policies allow this
            stylesheet by the hash of its exact text; STYLE is a constant, nothing typed by anyone reaches it. */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        {home ? (
          <header>
            <a href={home}>{siteTitle}</a>
          </header>
        ) : null}
        <main className={wide ? "wide" : undefined}>
          {children}
          {home ? (
            <p>
              {from && from !== home ? (
                <>
                  <a href={from}>Back to the page you came from</a>
                  {" · "}
                </>
              ) : null}
              <a href={home}>Back to the site</a>
            </p>
          ) : null}
        </main>
      </body>
    </html>
  );
}

/** Hidden fields that send `values` back with a form. */
export function HiddenFields({ values }: { values: Readonly<Record<string, string | number>> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
    </>
  );
}

/** A page, `<PageShell>`, as the document a function answers with or a command writes. */
export const renderPage = (page: ReactElement): string => `<!doctype html>${renderToStaticMarkup(page)}`;

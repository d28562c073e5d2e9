import { createHash } from "crypto";
import site from "../../content/site.json";
import type { LinkParams } from "./moderation";
import type { ModeratedComment } from "./store/comments";

// The small pages of the moderation link: a confirmation with one button (mail scanners open every link in a
// message, so opening it changes nothing), and the outcome. Plain HTML from the function, with the site's colours.

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#1b2733;background:#f4f7f9;margin:0;padding:2rem 1rem}
main{max-width:40rem;margin:0 auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 3px #0002}
h1{color:${site.themeColor};font-size:1.5rem;margin-top:0}blockquote{margin:1rem 0;padding:1rem;background:#f4f7f9;
border-left:4px solid ${site.themeColor};white-space:pre-wrap;overflow-wrap:anywhere}button{font:inherit;font-weight:600;
color:#fff;background:${site.themeColor};border:0;border-radius:8px;padding:.75rem 1.5rem;cursor:pointer}
button.reject{background:#a4262c}a{color:${site.themeColor}}.meta{color:#4a5a68;font-size:.9rem}`;

/** The pages' policy: nothing but their own style and a form back to this function. */
export const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} | ${escape(site.title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const describe = (c: ModeratedComment) =>
  `<p class="meta">${escape(c.name)} on <a href="${escape(c.page_url)}">${escape(c.page_path)}</a>, ${escape(new Date(c.received_at).toUTCString())}</p><blockquote>${escape(c.text)}</blockquote>`;

export function confirmPage(comment: ModeratedComment, params: LinkParams): string {
  const verb = params.action === "approve" ? "Approve" : "Reject";
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(String(value))}">`)
    .join("");
  return page(
    `${verb} this comment?`,
    `<h1>${verb} this comment?</h1>${describe(comment)}<p>It is ${comment.moderation} now. ${
      params.action === "approve"
        ? "Approved, it appears under the post for every reader."
        : "Rejected, it never appears."
    }</p><form method="post" action="/api/moderate">${hidden}<button type="submit"${params.action === "reject" ? ' class="reject"' : ""}>${verb} comment</button></form>`,
  );
}

const when = (at: Date | string | null) => (at ? new Date(at).toUTCString() : "earlier");

/**
 * A link opened (or pressed) once its comment was decided: the decision as it stands, and, when the link asked for
 * the other one, a second button that changes it on purpose.
 */
export function decidedPage(comment: ModeratedComment, params: LinkParams): string {
  const state = comment.moderation === "approved" ? "approved" : "rejected";
  const wanted = params.action === "approve" ? "approved" : "rejected";
  const hidden = Object.entries({ ...params, change: "yes" })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(String(value))}">`)
    .join("");
  const verb = params.action === "approve" ? "Approve" : "Reject";
  return page(
    `Already ${state}`,
    `<h1>This comment is already ${state}</h1>${describe(comment)}<p>It was ${state} ${escape(when(comment.moderated_at))}; this link changed nothing.</p>${
      wanted === state
        ? ""
        : `<p>To change the decision, press the button: the comment will be ${wanted} instead.</p><form method="post" action="/api/moderate">${hidden}<button type="submit"${params.action === "reject" ? ' class="reject"' : ""}>${verb} it instead</button></form>`
    }`,
  );
}

export function donePage(comment: ModeratedComment): string {
  const approved = comment.moderation === "approved";
  return page(
    approved ? "Comment approved" : "Comment rejected",
    `<h1>${approved ? "Comment approved" : "Comment rejected"}</h1>${describe(comment)}<p>${
      approved
        ? `It appears under <a href="${escape(comment.page_url)}">the post</a> within a minute, and in the page itself from the next build.`
        : "It will not appear on the site."
    }</p>`,
  );
}

export function errorPage(title: string, text: string): string {
  return page(
    title,
    `<h1>${escape(title)}</h1><p>${escape(text)}</p><p>Comments can also be moderated in a terminal: <code>npm run leads -- comments</code>.</p>`,
  );
}

import { escapeHtml as escape, htmlPage as page, pageHeaders } from "./html-page";
import type { LinkParams } from "./moderation";
import type { ModeratedComment } from "./store/comments";

// The small pages of the moderation link: a confirmation with one button (mail scanners open every link in a
// message, so opening it changes nothing), and the outcome, in the functions' one page shell.

/** The pages' policy: nothing but their own style and a form back to this function; no referrer. */
export const PAGE_HEADERS = pageHeaders("no-referrer");

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

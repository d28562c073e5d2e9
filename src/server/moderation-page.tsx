import React from "react";
import type { LinkParams } from "./moderation";
import { HiddenFields, PageShell, pageHeaders, renderPage } from "./page-shell";
import type { ModeratedComment } from "./store/comments";

// The small pages of the moderation link: a confirmation with one button (mail scanners open every link in a
// message, so opening it changes nothing), and the outcome, in the functions' one page shell. A comment's name, text
// and address are a visitor's words: React escapes them.

/** The pages' policy: nothing but their own style and a form back to this function; no referrer. */
export const PAGE_HEADERS = pageHeaders("no-referrer");

function Described({ comment }: { comment: ModeratedComment }) {
  return (
    <>
      <p className="meta">
        {comment.name} on <a href={comment.page_url}>{comment.page_path}</a>,{" "}
        {new Date(comment.received_at).toUTCString()}
      </p>
      <blockquote>{comment.text}</blockquote>
    </>
  );
}

/** The form whose button decides: the link's own parameters sent back, and `more`. */
function Decide({ params, more, label }: { params: LinkParams; more?: { change: "yes" }; label: string }) {
  return (
    <form method="post" action="/api/moderate">
      <HiddenFields values={{ ...params, ...more }} />
      <button type="submit" className={params.action === "reject" ? "reject" : undefined}>
        {label}
      </button>
    </form>
  );
}

const verbOf = (params: LinkParams) => (params.action === "approve" ? "Approve" : "Reject");

export function confirmPage(comment: ModeratedComment, params: LinkParams): string {
  const verb = verbOf(params);
  return renderPage(
    <PageShell title={`${verb} this comment?`}>
      <h1>{verb} this comment?</h1>
      <Described comment={comment} />
      <p>
        It is {comment.moderation} now.{" "}
        {params.action === "approve"
          ? "Approved, it appears under the post for every reader."
          : "Rejected, it never appears."}
      </p>
      <Decide params={params} label={`${verb} comment`} />
    </PageShell>,
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
  return renderPage(
    <PageShell title={`Already ${state}`}>
      <h1>This comment is already {state}</h1>
      <Described comment={comment} />
      <p>
        It was {state} {when(comment.moderated_at)}; this link changed nothing.
      </p>
      {wanted === state ? null : (
        <>
          <p>To change the decision, press the button: the comment will be {wanted} instead.</p>
          <Decide params={params} more={{ change: "yes" }} label={`${verbOf(params)} it instead`} />
        </>
      )}
    </PageShell>,
  );
}

export function donePage(comment: ModeratedComment): string {
  const title = comment.moderation === "approved" ? "Comment approved" : "Comment rejected";
  return renderPage(
    <PageShell title={title}>
      <h1>{title}</h1>
      <Described comment={comment} />
      <p>
        {comment.moderation === "approved" ? (
          <>
            It appears under <a href={comment.page_url}>the post</a> within a minute, and in the page itself from the
            next build.
          </>
        ) : (
          "It will not appear on the site."
        )}
      </p>
    </PageShell>,
  );
}

export function errorPage(title: string, text: string): string {
  return renderPage(
    <PageShell title={title}>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        Comments can also be moderated in a terminal: <code>npm run leads -- comments</code>.
      </p>
    </PageShell>,
  );
}

import React, { useEffect, useId, useRef, useState, type ReactNode } from "react";
import * as styles from "./comments.module.css";

/** A comment as the post shows it: its day written at build (GraphQL) or by the comments endpoint. */
export interface CommentItem {
  id: string;
  name: string;
  text: string;
  dateTime: string;
  day: string;
}

export const COMMENTS_ENDPOINT = "/api/comments";

/**
 * A post's approved comments, oldest first, then the form (`children`). The page's HTML holds those approved by
 * its build; when the section comes within a screen of the viewport, the post asks the comments endpoint for
 * any approved since (no request on load, and the list grows while it is still out of sight).
 */
export function Comments({ path, initial, children }: { path: string; initial: CommentItem[]; children?: ReactNode }) {
  const [comments, setComments] = useState(initial);
  const section = useRef<HTMLElement>(null);
  const headingId = useId();

  useEffect(() => {
    const element = section.current;
    if (!element || !("IntersectionObserver" in window)) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        globalThis
          .fetch(`${COMMENTS_ENDPOINT}?path=${encodeURIComponent(path)}`)
          .then((response) => (response.ok ? response.json() : null))
          .then((data: { comments?: CommentItem[] } | null) => data?.comments && setComments(data.comments))
          .catch(() => undefined);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [path]);

  const count = comments.length;
  return (
    <section ref={section} className={styles.comments} aria-labelledby={headingId}>
      <h2 id={headingId}>{count ? `${count} ${count === 1 ? "comment" : "comments"}` : "Comments"}</h2>
      {count > 0 && (
        <ol className={styles.list}>
          {comments.map((c) => (
            <li key={c.id} className={styles.comment}>
              <p className={styles.meta}>
                <strong>{c.name}</strong> · <time dateTime={c.dateTime}>{c.day}</time>
              </p>
              {c.text.split(/\n\s*\n/).map((paragraph, i) => (
                <p key={i} className={styles.text}>
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
      {children ?? (count === 0 && <p>Comments are closed on posts from the archive.</p>)}
    </section>
  );
}

import React, { createContext, forwardRef, memo, useContext, useEffect, useRef } from "react";
import { StaticQueryContext } from "gatsby";
import { Close } from "../icons/icons";
import { CONTACT_DIALOG_ID, CONTACT_TITLE_ID } from "./contact-ids";
import type { StaticQueries } from "./contact-root";
import { whenOpened } from "./when-opened";
import { wrapFocus } from "./wrap-focus";
import * as styles from "./modal.module.css";

/**
 * Renders the modal's content to HTML, as a root of its own (contact-root.tsx): given by gatsby-ssr.tsx, so that
 * neither the content's code nor React's server renderer is in the browser's bundle. In the browser: none.
 */
export const ContactServerRender = createContext<((staticQueries: StaticQueries) => string) | null>(null);

/**
 * The content's place. React leaves what is inside an element rendered with dangerouslySetInnerHTML alone when it
 * hydrates, and as long as the string stays the same it never touches it again: the server writes the content's
 * HTML, the browser an empty string (the warning React's development build would give for that is silenced).
 * No function with hooks around the server's call: it renders inside React's own server rendering.
 */
const Content = forwardRef<HTMLDivElement, { render: React.ContextType<typeof ContactServerRender>; queries: StaticQueries }>(
  function Content({ render, queries }, ref) {
    return (
      <div
        ref={ref}
        className={styles.content}
        dangerouslySetInnerHTML={{ __html: render ? render(queries) : "" }}
        suppressHydrationWarning
      />
    );
  },
);

/**
 * The contact modal (spec §2, §4), a native <dialog> in every page's HTML that the "Contact Us" and "Book a Demo"
 * buttons open with Invoker Commands, before any script has run or when none runs. Its content (form, testimonial,
 * reviews, badges) is server HTML that the page's React root never hydrates: its code loads when the dialog first
 * opens, and then hydrates it as a React root of its own (contact-root.tsx). Meanwhile the native dialog and its
 * native form work, and the modal costs the first load nothing.
 * A root of its own rather than a Suspense boundary of the page's root waiting for that code: such a boundary gets
 * every change of a context above it (a route change, a dialog opening), and React then throws its server HTML
 * away and renders it again, empty (error #421: the journeys logged it nine times).
 */
export const ContactDialog = memo(function ContactDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const queries = useContext(StaticQueryContext);
  const render = useContext(ContactServerRender);
  const latestQueries = useRef(queries);
  latestQueries.current = queries;

  // once, on the first opening; opened before hydration: at once, and the dialog stays open
  useEffect(() => {
    if (!dialog.current) return undefined;
    return whenOpened(dialog.current, () => {
      void import(/* webpackChunkName: "contact-modal" */ "./contact-root").then(({ hydrateContact }) => {
        if (content.current) hydrateContact(content.current, latestQueries.current);
      });
    });
  }, []);

  return (
    <dialog
      ref={dialog}
      id={CONTACT_DIALOG_ID}
      className={styles.dialog}
      aria-labelledby={CONTACT_TITLE_ID}
      onKeyDown={wrapFocus}
    >
      <Content ref={content} render={render} queries={queries} />
      {/* closes its dialog in every browser, with script or without */}
      <form method="dialog" className={styles.closeForm}>
        <button className={styles.close}>
          <Close size={22} />
          <span className="visually-hidden">Close</span>
        </button>
      </form>
    </dialog>
  );
});

import React, { memo, Suspense, useEffect, useRef } from "react";
import { Close } from "../icons/icons";
import { CONTACT_DIALOG_ID, CONTACT_TITLE_ID } from "./contact-ids";
import { whenOpened } from "./when-opened";
import { wrapFocus } from "./wrap-focus";
import * as styles from "./modal.module.css";

// Released when the dialog first opens; until then the content's code is not even requested. On the server it is
// released at once, so every page's HTML holds the whole modal (form, testimonial, reviews, badges).
let release: () => void = () => undefined;
const opened =
  typeof document === "undefined" ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve));
const ContactModal = React.lazy(() =>
  opened.then(() => import(/* webpackChunkName: "contact-modal" */ "./contact-modal")),
);

/**
 * The contact modal (spec §2, §4), a native <dialog> in every page's HTML that the "Contact Us" and "Book a Demo"
 * buttons open with Invoker Commands, before any script has run or when none runs. Its content is the server's
 * HTML inside a Suspense boundary whose code loads only once the dialog is first opened: React keeps a suspended
 * boundary's server HTML as it is, so meanwhile the native dialog and its native form work, and the modal costs
 * the first load nothing. Memoised without props, so no render of the page reaches the boundary before it has
 * hydrated (an update there would make React throw the server HTML away); the content listens to the dialog
 * itself (contact-modal.tsx).
 */
export const ContactDialog = memo(function ContactDialog() {
  const dialog = useRef<HTMLDialogElement>(null);

  // opened before hydration: the content hydrates at once and the dialog stays open
  useEffect(() => (dialog.current ? whenOpened(dialog.current, release) : undefined), []);

  return (
    <dialog
      ref={dialog}
      id={CONTACT_DIALOG_ID}
      className={styles.dialog}
      aria-labelledby={CONTACT_TITLE_ID}
      onKeyDown={wrapFocus}
    >
      <Suspense fallback={null}>
        <ContactModal />
      </Suspense>
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

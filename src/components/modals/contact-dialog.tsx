import React, { memo } from "react";
import { Close } from "../icons/icons";
import { Island } from "../islands/island";
import { CONTACT_DIALOG_ID, CONTACT_TITLE_ID } from "./contact-ids";
import { wrapFocus } from "./wrap-focus";
import * as styles from "./modal.module.css";

/**
 * The contact modal (spec §2, §4), a native <dialog> in every page's HTML that the "Contact Us" and "Book a Demo"
 * buttons open with Invoker Commands, before any script has run or when none runs. Its content (form, testimonial,
 * reviews, badges) is an island (islands/island.tsx): server HTML whose code loads when the dialog first opens, and
 * then hydrates it as the dialog is, open, with what the visitor typed meanwhile. Meanwhile the native dialog and
 * its native form work, and the modal costs the first load nothing.
 */
export const ContactDialog = memo(function ContactDialog() {
  return (
    <dialog id={CONTACT_DIALOG_ID} className={styles.dialog} aria-labelledby={CONTACT_TITLE_ID} onKeyDown={wrapFocus}>
      <Island name="contactModal" wake="open" />
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

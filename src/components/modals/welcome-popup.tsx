import React, { useEffect, useId, useRef } from "react";
import { navigate } from "gatsby";
import { Close } from "../icons/icons";
import { useVisitorActions } from "./visitor-actions";
import { wrapFocus } from "./wrap-focus";
import * as styles from "./modal.module.css";

/** "Are you looking for?" (spec §2, §4): only the close icon, Escape or a choice close it, not the backdrop. */
export default function WelcomePopup() {
  const { closeWelcome, openContact } = useVisitorActions();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const choose = (action: () => void) => () => {
    dialog.current?.close();
    action();
  };

  return (
    <dialog
      ref={dialog}
      className={styles.welcome}
      aria-labelledby={titleId}
      onClose={closeWelcome}
      onKeyDown={wrapFocus}
    >
      <h2 id={titleId} className={styles.title}>
        Are you looking for?
      </h2>
      <ul className={styles.choices}>
        <li>
          <button type="button" className={styles.choice} onClick={choose(openContact)}>
            Our Services
          </button>
        </li>
        <li>
          <button type="button" className={styles.choice} onClick={choose(() => navigate("/careers"))}>
            Careers
          </button>
        </li>
        <li>
          <button type="button" className={styles.choice} onClick={choose(() => navigate("/webinar"))}>
            Webinar Registration
          </button>
        </li>
      </ul>
      <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
        <Close size={22} />
        <span className="visually-hidden">Close</span>
      </button>
    </dialog>
  );
}

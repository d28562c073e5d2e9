import React, { useEffect, useId, useRef, useState } from "react";
import { analyticsGranted, ANALYTICS, CONSENT_COOKIE, NECESSARY, readConsent } from "../../lib/consent";
import { Close } from "../icons/icons";
import * as modalStyles from "../modals/modal.module.css";
import { answerConsent, hideConsentSettings } from "./consent-state";
import * as styles from "./consent.module.css";

const STORAGE =
  "saveDetails, name and email (the comment form, when you ask it to remember you), and for this tab only popupShown (the welcome popup) and how far down the pages you visited you had scrolled";
const VISIT =
  "With it, this tab also keeps firstTouch until you close it: the first page of your visit, the site that sent you and the campaign of the link you followed, sent with a form you fill in so that we know what brought you.";

const COOKIES = [
  { name: "_ga", lasts: "2 years", what: "Tells one visitor's visits apart" },
  { name: "_ga_<id>", lasts: "2 years", what: "Keeps the state of a visit" },
  { name: "firstTouch", lasts: "This tab", what: "How this visit began (session storage)" },
];

/**
 * The cookie settings (the footer's Cookie settings, the banner's Settings, a `#cookie-settings` link): a modal
 * <dialog> whose switch for analytics starts as the stored answer. Its code loads when it first opens (consent-gate.tsx).
 * Escape or Close leaves the answer as it was; the three buttons store one and close it.
 */
export default function ConsentSettings() {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [analytics, setAnalytics] = useState(() => analyticsGranted(readConsent(document.cookie)));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    if (!element.open) element.showModal();
    element.addEventListener("close", hideConsentSettings);
    return () => element.removeEventListener("close", hideConsentSettings);
  }, []);

  // closed first, so the browser gives the focus back to what opened it
  const answer = (categories: string[]) => {
    dialog.current?.close();
    answerConsent(categories);
  };

  return (
    <dialog ref={dialog} className={`${modalStyles.surface} ${styles.settings}`} aria-labelledby={`${id}-title`}>
      <div className={styles.settingsHead}>
        <h2 id={`${id}-title`} className={styles.title}>
          Cookie settings
        </h2>
        <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
          <Close size={20} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      <div className={styles.settingsBody}>
        <p>
          Choose what this site may keep in your browser. You can change it at any time: Cookie settings is at the
          bottom of every page.
        </p>
        <section className={styles.category} aria-labelledby={`${id}-necessary`}>
          <div className={styles.categoryHead}>
            <h3 id={`${id}-necessary`}>Strictly necessary</h3>
            <input type="checkbox" className={styles.toggle} aria-labelledby={`${id}-necessary`} checked disabled />
          </div>
          <p>
            Always on, and none of it tracks you: the cookie that keeps this choice ({CONSENT_COOKIE}, 12 months); the
            contact form&apos;s spam check (Google reCAPTCHA), loaded only when you open the form; the scheduling widget
            (Calendly), loaded only when you ask to book a call; and what the site keeps for you in your browser:{" "}
            {STORAGE}.
          </p>
        </section>
        <section className={styles.category} aria-labelledby={`${id}-analytics`}>
          <div className={styles.categoryHead}>
            <h3 id={`${id}-analytics`}>Analytics</h3>
            <input
              type="checkbox"
              className={styles.toggle}
              aria-labelledby={`${id}-analytics`}
              checked={analytics}
              onChange={(event) => setAnalytics(event.target.checked)}
            />
          </div>
          <p>
            Google Analytics 4 counts visits and the pages viewed, without storing your IP address, so that we know what
            helps visitors. Until you allow it, Google&apos;s script is not even loaded. {VISIT}
          </p>
          <table className={styles.cookies}>
            <thead>
              <tr>
                <th scope="col">Cookie</th>
                <th scope="col">Lasts</th>
                <th scope="col">What for</th>
              </tr>
            </thead>
            <tbody>
              {COOKIES.map((c) => (
                <tr key={c.name}>
                  <td>{c.name}</td>
                  <td>{c.lasts}</td>
                  <td>{c.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className={styles.category} aria-labelledby={`${id}-more`}>
          <h3 id={`${id}-more`}>More information</h3>
          <p>
            Every cookie and storage key, and your rights: <a href="/privacy-policy">privacy policy</a>.
          </p>
        </section>
      </div>
      <div className={styles.settingsFoot}>
        <button type="button" className={styles.primary} onClick={() => answer([NECESSARY, ANALYTICS])}>
          Accept all
        </button>
        <button type="button" className={styles.primary} onClick={() => answer([NECESSARY])}>
          Reject all
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => answer(analytics ? [NECESSARY, ANALYTICS] : [NECESSARY])}
        >
          Save settings
        </button>
      </div>
    </dialog>
  );
}

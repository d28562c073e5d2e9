import React, { useEffect, useId, useRef } from "react";
import { CONTACT_MODAL_CLOSE_MS } from "../../lib/constants";
import { ContactForm } from "../forms/contact-form";
import { Close } from "../icons/icons";
import { useSiteData } from "../layout/use-site-data";
import { PartnerBadges } from "../sections/partner-badges";
import { TestimonialQuote } from "../sections/testimonials";
import { wrapFocus } from "./wrap-focus";
import * as styles from "./modal.module.css";

/** The contact modal (spec §2, §4): the form in one column; a testimonial, reviews and badges in the other. */
export default function ContactModal({ request }: { request: number }) {
  const { site, testimonial, partners } = useSiteData();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeTimer = useRef<number>();
  const titleId = useId();

  useEffect(() => {
    window.clearTimeout(closeTimer.current);
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [request]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={wrapFocus}
      onClose={() => window.clearTimeout(closeTimer.current)}
    >
      <div className={styles.contact}>
        <div className={styles.formColumn}>
          <h2 id={titleId} className={styles.title}>
            Tell us about your project
          </h2>
          <p className={styles.intro}>A consultant replies within one working day.</p>
          <ContactForm
            key={request}
            loadCaptchaNow
            onSent={() => {
              closeTimer.current = window.setTimeout(close, CONTACT_MODAL_CLOSE_MS);
            }}
          />
        </div>
        <aside className={styles.aside} aria-label="What clients say">
          {testimonial && <TestimonialQuote testimonial={testimonial} />}
          <p>
            <a href={site.reviewsUrl} target="_blank" rel="noopener">
              Read more client reviews
            </a>
          </p>
          <PartnerBadges items={partners} compact />
        </aside>
      </div>
      <button type="button" className={styles.close} onClick={close}>
        <Close size={22} />
        <span className="visually-hidden">Close</span>
      </button>
    </dialog>
  );
}

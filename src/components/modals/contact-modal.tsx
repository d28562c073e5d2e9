import React, { useEffect, useRef, useState } from "react";
import { CONTACT_MODAL_CLOSE_MS } from "../../lib/constants";
import { ContactForm } from "../forms/contact-form";
import { useSiteData } from "../layout/use-site-data";
import { PartnerBadges } from "../sections/partner-badges";
import { TestimonialQuote } from "../sections/testimonials";
import { CONTACT_TITLE_ID } from "./contact-ids";
import * as styles from "./modal.module.css";

/**
 * The contact modal's content (spec §2, §4): the form in one column; a testimonial, reviews and badges in the
 * other. Its code loads when the dialog first opens (contact-dialog.tsx), and it hydrates the server's HTML as the
 * dialog then is: open, with whatever the visitor typed meanwhile (handed to the form's state). Each closing makes
 * a fresh form for the next opening (empty, India +91, no success message); a send closes the dialog 2 s later.
 */
export default function ContactModal() {
  const { site, testimonial, partners } = useSiteData();
  const root = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number>();
  const [form, setForm] = useState(0);

  useEffect(() => {
    const dialog = root.current?.closest("dialog");
    if (!dialog) return;
    const onClose = () => {
      window.clearTimeout(closeTimer.current);
      setForm((n) => n + 1);
    };
    // open, the form has taken what the visitor typed while this code came (use-lead-form.ts); closed again
    // meanwhile: that was for that opening, and the next one starts afresh
    if (!dialog.open) onClose();
    dialog.addEventListener("close", onClose);
    // the modal's controls that need script answer from now on (the browser tests wait for it, as for the page's)
    dialog.dataset.hydrated = "";
    return () => {
      dialog.removeEventListener("close", onClose);
      window.clearTimeout(closeTimer.current);
    };
  }, []);

  const closeLater = () => {
    const dialog = root.current?.closest("dialog");
    closeTimer.current = window.setTimeout(() => dialog?.close(), CONTACT_MODAL_CLOSE_MS);
  };

  return (
    <div ref={root} className={styles.contact}>
      <div className={styles.formColumn}>
        <h2 id={CONTACT_TITLE_ID} className={styles.title}>
          Tell us about your project
        </h2>
        <p className={styles.intro}>A consultant replies within one working day.</p>
        <ContactForm key={form} loadCaptchaNow onSent={closeLater} />
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
  );
}

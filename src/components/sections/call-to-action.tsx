import React from "react";
import { ConsultationButton } from "../actions/consultation-button";
import { ContactButton } from "../actions/contact-button";
import * as styles from "./call-to-action.module.css";

interface Props {
  heading: string;
  text: string;
  contactLabel?: string;
}

/** The closing band of a page: book a free consultation or send an enquiry. */
export function CallToAction({ heading, text, contactLabel }: Props) {
  return (
    <section className={styles.band} aria-label={heading}>
      <div className={styles.inner}>
        <div>
          <h2 className={styles.heading}>{heading}</h2>
          <p className={styles.text}>{text}</p>
        </div>
        <div className={styles.actions}>
          <ConsultationButton variant="light" />
          <ContactButton variant="ghostLight">{contactLabel}</ContactButton>
        </div>
      </div>
    </section>
  );
}

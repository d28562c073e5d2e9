import React from "react";
import * as styles from "./faq-list.module.css";

/** Questions and answers as native disclosures: readable without script. */
export function FaqList({ faqs }: { faqs: readonly { readonly question: string; readonly answer: string }[] }) {
  return (
    <div className={styles.list}>
      {faqs.map((faq) => (
        <details key={faq.question} className={styles.item}>
          <summary className={styles.question}>{faq.question}</summary>
          <p className={styles.answer}>{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

import React from "react";
import * as styles from "./steps.module.css";

/** A numbered process: how an engagement or a product works. */
export function Steps({ items }: { items: readonly { readonly title: string; readonly text: string }[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((step, index) => (
        <li key={step.title} className={styles.step}>
          <span className={styles.number} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3 className={styles.title}>{step.title}</h3>
            <p className={styles.text}>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

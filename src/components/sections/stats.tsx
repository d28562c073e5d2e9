import React from "react";
import * as styles from "./stats.module.css";

/** Measured results: a large value and what it measures. */
export function Stats({ items }: { items: readonly { readonly value: string; readonly label: string }[] }) {
  return (
    <dl className={styles.stats}>
      {items.map((item) => (
        <div key={item.label} className={styles.stat}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

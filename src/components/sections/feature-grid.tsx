import React from "react";
import * as styles from "./feature-grid.module.css";

interface Item {
  readonly title: string;
  readonly text: string;
}

/** Cards of a title and a text: offerings, outcomes, features, challenges. */
export function FeatureGrid({ items, accent = false }: { items: readonly Item[]; accent?: boolean }) {
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {items.map((item) => (
        <li key={item.title} className={accent ? styles.accentCard : styles.card}>
          <h3 className={styles.title}>{item.title}</h3>
          <p className={styles.text}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

import React from "react";
import { Check } from "../icons/icons";
import * as styles from "./partner-badges.module.css";

/** Partnerships and certifications, named in words (no vendor logos). */
export function PartnerBadges({
  items,
  compact = false,
}: {
  items: readonly { readonly name: string; readonly detail: string }[];
  compact?: boolean;
}) {
  return (
    <ul className={compact ? styles.compact : styles.grid}>
      {items.map((p) => (
        <li key={p.name} className={styles.badge}>
          <Check size={18} className={styles.icon} />
          <span>
            <strong className={styles.name}>{p.name}</strong>
            {!compact && <span className={styles.detail}>{p.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

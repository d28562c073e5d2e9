import React from "react";
import * as styles from "./partner-badges.module.css";

/**
 * The size every badge in content/badges/ is drawn at (its width and height attributes, checked by
 * __tests__/unit/partner-badges.test.tsx): given to each <img> so that the browser reserves its box before the
 * file arrives, and nothing below it moves.
 */
export const BADGE_WIDTH = 160;
export const BADGE_HEIGHT = 184;

export interface Partnership {
  readonly name: string;
  readonly detail: string;
  /**
   * The badge's address. The files live in content/badges/, beside content/partners.json, which names each by its
   * path: a partnership and its badge are added together without touching code, and the build stops when the file
   * is missing (src/lib/content-model.ts). GraphQL's publicURL copies the file to /static/<its digest>/, so the
   * address changes whenever the drawing does and can be cached for good; a file in static/ would keep its
   * address through changes, and a webpack import would take a line of code for every partnership.
   */
  readonly badge: { readonly publicURL: string | null };
}

/**
 * Partnerships as badges (spec §2): artwork drawn for this site that names each partnership in words, never a
 * vendor's logo. The full list on the home page gives each badge's detail under it; the compact one beside the
 * contact form shows the badges alone, three to a row.
 */
export function PartnerBadges({ items, compact = false }: { items: readonly Partnership[]; compact?: boolean }) {
  return (
    <ul className={compact ? styles.compact : styles.grid} aria-label="Partnerships">
      {items.map((p) => (
        <li key={p.name} className={compact ? styles.small : styles.card}>
          <img
            className={styles.badge}
            src={p.badge.publicURL ?? undefined}
            alt={p.name}
            width={BADGE_WIDTH}
            height={BADGE_HEIGHT}
            loading="lazy"
            decoding="async"
          />
          {!compact && <p className={styles.detail}>{p.detail}</p>}
        </li>
      ))}
    </ul>
  );
}

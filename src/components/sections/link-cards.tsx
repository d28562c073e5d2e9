import React from "react";
import { SiteLink } from "../ui/site-link";
import { ArrowRight } from "../icons/icons";
import * as styles from "./link-cards.module.css";

export interface LinkCard {
  readonly title: string;
  readonly path: string;
  readonly summary?: string | null;
  readonly eyebrow?: string | null;
}

/** Cards that lead to other pages: related services, industries, products. */
export function LinkCards({ items, headingLevel = 3 }: { items: readonly LinkCard[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.path} className={styles.card}>
          {item.eyebrow && <p className={styles.eyebrow}>{item.eyebrow}</p>}
          <Heading className={styles.title}>
            <SiteLink to={item.path} className={styles.link}>
              {item.title}
            </SiteLink>
          </Heading>
          {item.summary && <p className={styles.summary}>{item.summary}</p>}
          <ArrowRight className={styles.arrow} />
        </li>
      ))}
    </ul>
  );
}

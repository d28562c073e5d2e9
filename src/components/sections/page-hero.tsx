import React from "react";
import * as styles from "./page-hero.module.css";

interface Props {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: React.ReactNode;
  tone?: "brand" | "light";
}

/** The top of a page: the page's only h1, its lead line and optional actions. */
export function PageHero({ eyebrow, title, lead, children, tone = "brand" }: Props) {
  return (
    <div className={tone === "brand" ? styles.brand : styles.light}>
      <div className={styles.inner}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children && <div className={styles.actions}>{children}</div>}
      </div>
    </div>
  );
}

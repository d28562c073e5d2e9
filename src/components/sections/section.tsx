import React from "react";
import * as styles from "./section.module.css";

interface Props {
  id?: string;
  heading: string;
  intro?: string | null;
  tone?: "plain" | "alt";
  children?: React.ReactNode;
}

/** A band of a page with its h2 heading and optional intro. */
export function Section({ id, heading, intro, tone = "plain", children }: Props) {
  return (
    <section
      id={id}
      className={tone === "alt" ? styles.alt : styles.plain}
      aria-labelledby={id ? `${id}-heading` : undefined}
    >
      <div className={styles.inner}>
        <h2 id={id ? `${id}-heading` : undefined} className={styles.heading}>
          {heading}
        </h2>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}

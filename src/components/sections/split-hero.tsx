import React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { HeroArt } from "./hero-art";
import { ResponsiveImage } from "./responsive-image";
import * as styles from "./split-hero.module.css";

interface Props {
  title: string;
  lead: string;
  /** a picture beside the words; without one, the site's hero art (decorative, from 1024 px) */
  picture?: { image: IGatsbyImageData; alt: string } | null;
  children?: React.ReactNode;
}

/** The top of a page that sells one thing: the page's only h1, its lead, its actions, and a picture beside them. */
export function SplitHero({ title, lead, picture, children }: Props) {
  return (
    <div className={styles.hero}>
      <div className={styles.inner}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>{lead}</p>
          {children && <div className={styles.actions}>{children}</div>}
        </div>
        {picture ? (
          <ResponsiveImage image={picture.image} alt={picture.alt} className={styles.picture} priority />
        ) : (
          <HeroArt className={styles.art} />
        )}
      </div>
    </div>
  );
}

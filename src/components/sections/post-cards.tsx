import React from "react";
import { graphql } from "gatsby";
import { SiteLink } from "../ui/site-link";
import { DESKTOP_MEDIA_QUERY } from "../../lib/constants";
import { LazyImage } from "./lazy-image";
import * as styles from "./post-cards.module.css";

/** Blog post cards: cover, title, date, reading time and description. */
export function PostCards({ posts }: { posts: readonly Queries.PostCardFragment[] }) {
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {posts.map((post) => {
        const image = post.cardImage;
        // three cards a row on desktop, one on a phone
        const cover = { ...image, images: { ...image.images, sizes: `${DESKTOP_MEDIA_QUERY} 380px, 100vw` } };
        return (
          <li key={post.path} className={styles.card}>
            <LazyImage image={cover} alt={post.coverAlt} className={styles.cover} />
            <div className={styles.body}>
              <p className={styles.meta}>
                <time dateTime={post.date}>{post.day}</time> · {post.readingTime} min read
              </p>
              <h3 className={styles.title}>
                <SiteLink to={post.path} className={styles.link}>
                  {post.title}
                </SiteLink>
              </h3>
              <p className={styles.description}>{post.description}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export const postCardFields = graphql`
  fragment PostCard on BlogPost {
    title
    path
    date
    day
    readingTime
    description
    coverAlt
    cardImage
  }
`;

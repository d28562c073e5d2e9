import React from "react";
import { graphql, Link, type HeadFC, type PageProps } from "gatsby";
import { GatsbyImage, getImage } from "gatsby-plugin-image";
import { CommentForm } from "../components/forms/comment-form";
import { CallToAction } from "../components/sections/call-to-action";
import { Prose } from "../components/sections/prose";
import { Seo } from "../components/seo/seo";
import { formatDay } from "../lib/dates";
import * as styles from "./blog-post.module.css";

export default function BlogPostTemplate({ data }: PageProps<Queries.BlogPostPageQuery>) {
  const post = data.blogPost!;
  const cover = getImage(post.cover.childImageSharp?.gatsbyImageData ?? null);
  return (
    <>
      <article className={styles.article}>
        <header className={styles.header}>
          <p className={styles.back}>
            <Link to="/blogs">All posts</Link>
            {post.old && <span className={styles.archived}> · From the archive</span>}
          </p>
          <h1 className={styles.title}>{post.title}</h1>
          <p className={styles.meta}>
            <span>{post.author}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={post.date}>{formatDay(post.date)}</time>
            <span aria-hidden="true"> · </span>
            <span>{post.readingTime} min read</span>
          </p>
          <ul className={styles.tags} aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag} className={styles.tag}>
                {tag}
              </li>
            ))}
          </ul>
        </header>
        {cover && <GatsbyImage image={cover} alt={post.coverAlt} loading="eager" className={styles.cover} />}
        <Prose html={post.html} className={styles.body} />
      </article>
      {!post.old && (
        <section className={styles.comments} aria-labelledby="comment-heading">
          <h2 id="comment-heading">Leave a comment</h2>
          <p>Your email address will not be published.</p>
          <CommentForm />
        </section>
      )}
      <CallToAction
        heading="Want this done in your org?"
        text="Our consultants have delivered this work for teams like yours. A free 30-minute call is enough to tell you what it would take."
      />
    </>
  );
}

export const Head: HeadFC<Queries.BlogPostPageQuery> = ({ data }) => (
  <Seo
    title={data.blogPost!.title}
    description={data.blogPost!.description}
    path={data.blogPost!.path}
    type="article"
  />
);

export const query = graphql`
  query BlogPostPage($id: String!) {
    blogPost(id: { eq: $id }) {
      title
      description
      path
      html
      date
      author
      tags
      old
      readingTime
      coverAlt
      cover {
        childImageSharp {
          gatsbyImageData(width: 1200, aspectRatio: 1.7778, sizes: "(min-width: 1200px) 1200px, 100vw")
        }
      }
    }
  }
`;

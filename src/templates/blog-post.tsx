import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SiteLink } from "../components/ui/site-link";
import { ResponsiveImage } from "../components/sections/responsive-image";
import { Island } from "../components/islands/island";
import { Comments, type CommentItem } from "../components/sections/comments";
import { CallToAction } from "../components/sections/call-to-action";
import { Prose } from "../components/sections/prose";
import { useSiteData } from "../components/layout/use-site-data";
import { Seo } from "../components/seo/seo";
import { ogImagePath } from "../lib/head";
import { blogPosting } from "../lib/json-ld";
import { tagPath } from "../lib/related-posts";
import { unpublishedNotice, type PostState } from "../lib/publication";
import { PostCards } from "../components/sections/post-cards";
import { Section } from "../components/sections/section";
import * as styles from "./blog-post.module.css";

/** `unpublished` only on a preview build, for a draft or a post dated after the build's day (create-pages.ts). */
type Context = { links: string[]; unpublished?: Exclude<PostState, "published"> };

export default function BlogPostTemplate({ data, pageContext }: PageProps<Queries.BlogPostPageQuery, Context>) {
  const post = data.blogPost!;
  const related = pageContext.links
    .map((id) => data.related.nodes.find((p) => p.id === id))
    .filter((p) => p !== undefined);
  const cover = post.heroImage;
  const comments = commentsOf(data);
  const notice = pageContext.unpublished && unpublishedNotice(pageContext.unpublished, post.day);
  return (
    <>
      <article className={styles.article}>
        {notice && (
          <p className={styles.unpublished} data-unpublished={pageContext.unpublished}>
            <strong className={styles.unpublishedLabel}>{notice.label}</strong> {notice.text}
          </p>
        )}
        <header className={styles.header}>
          <p className={styles.back} data-pagefind-ignore="">
            <SiteLink to="/blogs">All posts</SiteLink>
            {post.old && <span className={styles.archived}> · From the archive</span>}
          </p>
          <h1 className={styles.title}>{post.title}</h1>
          <p className={styles.meta} data-pagefind-ignore="">
            <span>{post.author}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={post.date}>{post.day}</time>
            <span aria-hidden="true"> · </span>
            <span>{post.readingTime} min read</span>
          </p>
          <ul className={styles.tags} aria-label="Tags" data-pagefind-ignore="">
            {post.tags.map((tag) => (
              <li key={tag}>
                <SiteLink to={tagPath(tag)} className={styles.tag}>
                  {tag}
                </SiteLink>
              </li>
            ))}
          </ul>
        </header>
        <ResponsiveImage image={cover} alt={post.coverAlt} priority className={styles.cover} />
        <Prose html={post.html} className={styles.body} />
      </article>
      <Comments path={post.path} initial={comments}>
        {!post.old && (
          <>
            <h3 className={styles.leave}>Leave a comment</h3>
            <p>Your email address will not be published.</p>
            {/* near the screen: a visitor who asked to be remembered finds the fields filled in (spec §4) */}
            <Island name="commentForm" props={{ path: post.path }} wake="visible" />
          </>
        )}
      </Comments>
      {related.length > 0 && (
        <Section id="related" heading="Related posts" tone="alt">
          <PostCards posts={related} />
        </Section>
      )}
      <CallToAction
        heading="Want this done in your org?"
        text="Our consultants have delivered this work for teams like yours. A free 30-minute call is enough to tell you what it would take."
      />
    </>
  );
}

/** The approved comments the build read from the submissions store (src/node/comments.ts). */
const commentsOf = (data: Queries.BlogPostPageQuery): CommentItem[] =>
  data.comments.nodes.map((c) => ({ id: c.submissionId, name: c.name, text: c.text, dateTime: c.date, day: c.day }));

export const Head: HeadFC<Queries.BlogPostPageQuery, Context> = ({ data, pageContext }) => {
  const { site, siteUrl } = useSiteData();
  const post = data.blogPost!;
  return (
    <Seo
      title={post.title}
      description={post.description}
      path={post.path}
      noindex={Boolean(pageContext.unpublished)}
      type="article"
      trail={[{ name: "Blogs", path: "/blogs" }]}
      jsonLd={[blogPosting({ ...site, siteUrl }, { ...post, image: ogImagePath(post.path) }, commentsOf(data))]}
    />
  );
};

export const query = graphql`
  query BlogPostPage($id: String!, $links: [String!], $path: String!) {
    comments: allBlogComment(filter: { postPath: { eq: $path } }, sort: { date: ASC }) {
      nodes {
        submissionId
        name
        text
        date
        day
      }
    }
    related: allBlogPost(filter: { id: { in: $links } }) {
      nodes {
        id
        ...PostCard
      }
    }
    blogPost(id: { eq: $id }) {
      title
      description
      path
      html
      date
      day
      author
      tags
      old
      readingTime
      coverAlt
      heroImage
    }
  }
`;

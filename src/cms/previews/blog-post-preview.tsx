// A post in the editor, drawn by the post's own template (src/templates/blog-post.tsx): its cover, meta line, tags
// and body as a reader will see them, with the banner a deploy preview shows an unpublished post with.
import React from "react";
import BlogPostTemplate from "../../templates/blog-post";
import { dayIn, postState } from "../../lib/publication";
import { entryOf, pageProps, pictureOf, readableDay, rendered, type PreviewProps } from "./page-props";

interface Post {
  title?: string;
  description?: string;
  date?: string;
  author?: string;
  tags?: string[];
  cover?: string;
  coverAlt?: string;
  draft?: boolean;
}

export function BlogPostPreview(props: PreviewProps & { old?: boolean }) {
  const { fields, body, slug } = entryOf<Post>(props);
  const old = props.old ?? false;
  const path = `/blog/${old ? "old-posts/" : ""}${slug}`;
  const date = String(fields.date ?? "");
  const state = postState({ draft: fields.draft, date }, dayIn(new Date()));
  const blogPost = {
    title: fields.title ?? "",
    description: fields.description ?? "",
    path,
    date,
    day: readableDay(date),
    author: fields.author ?? "",
    tags: fields.tags ?? [],
    old,
    coverAlt: fields.coverAlt ?? "",
    heroImage: pictureOf(fields.cover ? props.getAsset(fields.cover).toString() : null),
    ...rendered(body),
  };
  const context = { links: [], ...(state === "published" ? {} : { unpublished: state }) };
  return (
    <BlogPostTemplate {...pageProps(path, { blogPost, related: { nodes: [] }, comments: { nodes: [] } }, context)} />
  );
}

export const ArchivedPostPreview = (props: PreviewProps) => <BlogPostPreview {...props} old />;

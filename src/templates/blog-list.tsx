import React from "react";
// first: the head reaches the layout (through gatsby), whose CSS must come before this page's in the CSS
// bundle, as it does in every other template (a different order is a build warning, which npm test fails on)
export { PageHead as Head } from "../components/seo/page-head";
import { graphql, type PageProps } from "gatsby";
import { PageHero } from "../components/sections/page-hero";
import { PostCards } from "../components/sections/post-cards";
import { Prose } from "../components/sections/prose";
import { Section } from "../components/sections/section";

export default function BlogListTemplate({ data }: PageProps<Queries.BlogListPageQuery>) {
  const page = data.page!;
  return (
    <>
      <PageHero title={page.title} lead={page.lead} tone="light" />
      <Section heading="Latest posts">
        <Prose html={page.html} />
        <PostCards posts={data.posts.nodes} />
      </Section>
      {data.archive.nodes.length > 0 && (
        <Section heading="From the archive" tone="alt">
          <PostCards posts={data.archive.nodes} />
        </Section>
      )}
    </>
  );
}

// published posts only, on every build: those whose day is the build's day (create-pages.ts) or earlier; a draft has
// no publishesOn (src/lib/publication.ts)
export const query = graphql`
  query BlogListPage($id: String!, $today: Date!) {
    page(id: { eq: $id }) {
      ...PageFields
    }
    posts: allBlogPost(filter: { publishesOn: { lte: $today }, old: { eq: false } }, sort: { date: DESC }) {
      nodes {
        ...PostCard
      }
    }
    archive: allBlogPost(filter: { publishesOn: { lte: $today }, old: { eq: true } }, sort: { date: DESC }) {
      nodes {
        ...PostCard
      }
    }
  }
`;

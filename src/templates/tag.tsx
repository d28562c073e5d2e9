import React from "react";
// first: the head reaches the layout (through gatsby), whose CSS must come before this page's in the CSS
// bundle, as it does in every other template (a different order is a build warning, which npm test fails on)
import { Seo } from "../components/seo/seo";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { PageHero } from "../components/sections/page-hero";
import { PostCards } from "../components/sections/post-cards";
import { Section } from "../components/sections/section";
import { tagPath, tagTitle } from "../lib/related-posts";

type Context = { tag: string; today: string };

export default function TagTemplate({ data, pageContext }: PageProps<Queries.TagPageQuery, Context>) {
  const count = data.posts.nodes.length;
  return (
    <>
      <PageHero
        eyebrow="Blog topic"
        title={tagTitle(pageContext.tag)}
        lead={`${count} ${count === 1 ? "post" : "posts"} from our consultants on ${pageContext.tag}.`}
        tone="light"
      />
      <Section heading="Posts">
        <PostCards posts={data.posts.nodes} />
      </Section>
    </>
  );
}

export const Head = ({ pageContext, data }: HeadProps<Queries.TagPageQuery, Context>) => (
  <Seo
    title={tagTitle(pageContext.tag)}
    description={`Practical articles on ${pageContext.tag} from Tidewell Consulting's Salesforce and CRM consultants: ${data.posts.nodes.length} posts, newest first.`}
    path={tagPath(pageContext.tag)}
    trail={[{ name: "Blogs", path: "/blogs" }]}
  />
);

// published posts only, as on the blog list (blog-list.tsx)
export const query = graphql`
  query TagPage($tag: String!, $today: Date!) {
    posts: allBlogPost(filter: { publishesOn: { lte: $today }, tags: { eq: $tag } }, sort: { date: DESC }) {
      nodes {
        ...PostCard
      }
    }
  }
`;

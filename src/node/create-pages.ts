import type { GatsbyNode } from "gatsby";
import path from "path";
import { relatedPostsFinder, tagPath, tagTitle } from "../lib/related-posts";
import { findCollision, type CampaignBlock } from "../lib/content-model";
import { campaignLinks, campaignProblem, receivedPathOf, type CampaignLists } from "../lib/campaign";
import { NOT_FOUND_PAGE } from "../lib/not-found";
import { queueShareImages, type SharePage } from "./share-images";
import { buildAction, postState, showsUnpublished, type PostState } from "../lib/publication";
import { buildDay } from "./build-day";

interface Routed {
  id: string;
  path: string;
  title: string;
  parent: { fileAbsolutePath: string } | null;
}

interface RouteData {
  allService: { nodes: (Routed & { slug: string; related: string[] })[] };
  allIndustry: { nodes: (Routed & { services: string[] })[] };
  allProduct: { nodes: Routed[] };
  allBlogPost: { nodes: (Routed & { draft: boolean; tags: string[]; date: string })[] };
  allWebinar: { nodes: Routed[] };
  allPage: { nodes: (Routed & { template: string })[] };
  allStoriesJson: { nodes: { title: string; services: string[] }[] };
  allCampaign: { nodes: (Routed & { hideMenus: boolean; sections: CampaignBlock[] })[] };
  allTestimonialsJson: { nodes: { name: string }[] };
  allPartnersJson: { nodes: { name: string }[] };
  allTeamJson: { nodes: { name: string }[] };
  allPricingJson: { nodes: { name: string }[] };
}

/** Templates that split dated items into upcoming and past. */
const datedTemplates = new Set(["events", "webinar-list"]);
/** Templates that list posts: they list those published on the build's day (src/lib/publication.ts). */
const postListTemplates = new Set(["blog-list"]);

const template = (name: string) => path.resolve(__dirname, `../templates/${name}.tsx`);
const parentFields = `parent { ... on MarkdownRemark { fileAbsolutePath } }`;
const shown = (node: Routed) => {
  const file = node.parent?.fileAbsolutePath ?? node.id;
  const at = file.lastIndexOf("/content/");
  return at >= 0 ? file.slice(at + 1) : file;
};

// Every route of the site comes from this one table: one content node, one page, one template.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#createPages
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<RouteData>(`
    query RouteTable {
      allService { nodes { id path title slug related ${parentFields} } }
      allIndustry { nodes { id path title services ${parentFields} } }
      allProduct { nodes { id path title ${parentFields} } }
      allBlogPost { nodes { id path title draft tags date ${parentFields} } }
      allWebinar { nodes { id path title ${parentFields} } }
      allPage { nodes { id path title template ${parentFields} } }
      allStoriesJson { nodes { title services } }
      allCampaign { nodes { id path title hideMenus sections ${parentFields} } }
      allTestimonialsJson { nodes { name } }
      allPartnersJson { nodes { name } }
      allTeamJson { nodes { name } }
      allPricingJson { nodes { name } }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the content for the route table", result.errors);
    return;
  }
  const data = result.data;

  const services = new Set(data.allService.nodes.map((s) => s.slug));
  const unknownService = (file: string, field: string, slugs: string[]) => {
    const missing = slugs.find((slug) => !services.has(slug));
    if (missing) reporter.panicOnBuild(`${file}: field "${field}" must list existing service slugs, got "${missing}"`);
  };
  data.allService.nodes.forEach((s) => unknownService(shown(s), "related", s.related));
  data.allIndustry.nodes.forEach((i) => unknownService(shown(i), "services", i.services));
  data.allStoriesJson.nodes.forEach((s) => unknownService(`content/stories.json (${s.title})`, "services", s.services));

  // a campaign names entries of the site's lists, posts and webinars: each must exist (src/lib/campaign.ts)
  const names = (nodes: { name: string }[]) => nodes.map((n) => n.name);
  const lists: CampaignLists = {
    "testimonials.json": names(data.allTestimonialsJson.nodes),
    "partners.json": names(data.allPartnersJson.nodes),
    "team.json": names(data.allTeamJson.nodes),
    "pricing.json": names(data.allPricingJson.nodes),
    blog: data.allBlogPost.nodes.map((p) => p.path.split("/").pop() ?? ""),
    webinar: data.allWebinar.nodes.map((w) => w.path.split("/").pop() ?? ""),
  };
  for (const campaign of data.allCampaign.nodes) {
    const problem = campaignProblem(campaign.sections, lists);
    if (problem) reporter.panicOnBuild(`${shown(campaign)}: ${problem}`);
  }

  // Which posts this build publishes, previews (deploy previews, branch deploys, gatsby develop: a page with a
  // banner and noindex, in no list) or leaves out (src/lib/publication.ts). Decided by every build, not kept on
  // the nodes: Gatsby's cache brings back the previous build's nodes, which may be a day old or a preview's.
  const today = buildDay();
  const preview = showsUnpublished(process.env);
  const posts: RouteData["allBlogPost"]["nodes"] = [];
  const previews: { node: RouteData["allBlogPost"]["nodes"][number]; state: PostState }[] = [];
  const skipped: Routed[] = [];
  for (const node of data.allBlogPost.nodes) {
    const state = postState(node, today);
    const action = buildAction(state, preview);
    if (action === "publish") posts.push(node);
    else if (action === "preview") previews.push({ node, state });
    else skipped.push(node);
  }
  // related posts are published ones, for a previewed post too: what it will show once published
  const relatedTo = relatedPostsFinder(posts);
  const routes: {
    node: Routed;
    component: string;
    links?: string[];
    dated?: boolean;
    lists?: boolean;
    unpublished?: PostState;
    more?: Record<string, unknown>;
  }[] = [
    ...data.allService.nodes.map((node) => ({ node, component: template("service"), links: node.related })),
    ...data.allIndustry.nodes.map((node) => ({ node, component: template("industry"), links: node.services })),
    ...data.allProduct.nodes.map((node) => ({ node, component: template("product") })),
    ...posts.map((node) => ({
      node,
      component: template("blog-post"),
      links: relatedTo(node).map((p) => p.id),
    })),
    ...previews.map(({ node, state }) => ({
      node,
      component: template("blog-post"),
      links: relatedTo(node).map((p) => p.id),
      unpublished: state,
    })),
    ...data.allWebinar.nodes.map((node) => ({ node, component: template("webinar") })),
    ...data.allPage.nodes.map((node) => ({
      node,
      component: template(node.template),
      dated: datedTemplates.has(node.template),
      lists: postListTemplates.has(node.template),
    })),
    // a campaign, and the page its form goes on to, which says the campaign's own received text
    ...data.allCampaign.nodes.flatMap((node) => [
      {
        node,
        component: template("campaign"),
        lists: true,
        more: { ...campaignLinks(node.sections), hideMenus: node.hideMenus },
      },
      {
        node: { ...node, path: receivedPathOf(node.path), title: "Received" },
        component: template("campaign-received"),
        more: { hideMenus: node.hideMenus },
      },
    ]),
  ];

  // an unpublished post's address is checked too, so that a clash fails every build, not only previews
  const collision = findCollision(
    [...routes.map(({ node }) => node), ...skipped].map((node) => ({ path: node.path, file: shown(node) })),
  );
  if (collision) {
    reporter.panicOnBuild(collision);
    return;
  }

  // pages that split events into upcoming and past do it at this instant, so the HTML and the hydrated page agree
  const builtAt = new Date().toISOString();
  for (const { node, component, links, dated, lists, unpublished, more } of routes) {
    const context = {
      ...more,
      id: node.id,
      links: links ?? [],
      ...(dated ? { builtAt } : {}),
      ...(lists ? { today } : {}),
      ...(unpublished ? { unpublished } : {}),
    };
    actions.createPage({ path: node.path, component, context });
  }

  // a page per tag, listing its published posts; on a preview, a tag only unpublished posts have gets its page too,
  // so that their tag links lead somewhere
  const tags = [...new Set([...posts, ...previews.map((p) => p.node)].flatMap((p) => p.tags))];
  for (const tag of tags) {
    actions.createPage({ path: tagPath(tag), component: template("tag"), context: { tag, today } });
  }

  // every page's share image, drawn while the rest of the build runs (see share-images.ts); not in develop
  if (process.env.NODE_ENV !== "production") return;
  const site = await graphql<{ site: { siteMetadata: { siteUrl: string; title: string } } }>(
    "{ site { siteMetadata { siteUrl title } } }",
  );
  if (!site.data) {
    reporter.panicOnBuild("The site's metadata could not be read", site.errors);
    return;
  }
  const sharePages: SharePage[] = [
    ...routes.map(({ node }) => ({ path: node.path, title: node.title })),
    ...tags.map((tag) => ({ path: tagPath(tag), title: tagTitle(tag) })),
    NOT_FOUND_PAGE,
  ];
  queueShareImages({
    // gatsby build runs in the site's folder
    publicDir: path.join(process.cwd(), "public"),
    brand: site.data.site.siteMetadata.title,
    origin: site.data.site.siteMetadata.siteUrl,
    pages: sharePages,
  });
};

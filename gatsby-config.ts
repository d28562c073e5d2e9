import type { GatsbyConfig } from "gatsby";
import adapter from "gatsby-adapter-netlify";
import { readFileSync } from "fs";
import path from "path";
import { buildDay } from "./src/node/build-day";
import {
  feedItems,
  feedQuery,
  sitemapPages,
  sitemapQuery,
  type FeedPost,
  type SitemapPage,
} from "./src/node/discovery";
import { postcssBreakpoints } from "./src/node/postcss-breakpoints";
import { postcssDesignTokens } from "./src/node/postcss-design-tokens";

// Site metadata has one source, content/site.json; the origin can be overridden per deploy.
// CONTENT_DIR lets the benchmark build a copy of content/ with thousands of generated posts.
const contentDir = path.resolve(__dirname, process.env.CONTENT_DIR || "content");
const site = JSON.parse(readFileSync(path.join(contentDir, "site.json"), "utf8")) as {
  title: string;
  description: string;
  siteUrl: string;
  themeColor: string;
  company: { name: string };
};
const siteUrl = (process.env.SITE_URL || process.env.URL || site.siteUrl).replace(/\/+$/, "");

const pascal = (name: string) => name.replace(/(^|[-_ ]+)(\w)/g, (_, __, c: string) => c.toUpperCase());

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.title,
    description: site.description,
    siteUrl,
  },
  trailingSlash: "never",
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  // the datastore stays out of the engine function on Netlify, where DEPLOY_URL lets the engine fetch it instead
  adapter: adapter({ excludeDatastoreFromEngineFunction: Boolean(process.env.DEPLOY_URL) }),
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      // channels.json is read by the code that derives a lead's channel (src/lib/channel.ts), not by pages
      options: { name: "content", path: contentDir, ignore: ["**/README.md", "**/channels.json"] },
    },
    {
      resolve: "gatsby-transformer-json",
      // one type per file name (site.json → SiteJson), whether the file holds an object or a list
      options: { typeName: ({ node }: { node: { name: string } }) => `${pascal(node.name)}Json` },
    },
    "gatsby-transformer-remark",
    {
      resolve: "gatsby-plugin-sharp",
      // spec §9: image loader quality 75, device widths 640 to 3840
      options: {
        defaults: {
          quality: 75,
          formats: ["auto", "webp"],
          placeholder: "dominantColor",
          breakpoints: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
        },
      },
    },
    "gatsby-transformer-sharp",
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-postcss",
      options: { postcssOptions: { plugins: [postcssDesignTokens(), postcssBreakpoints()] } },
    },
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        // published posts only, whatever the deploy context (src/lib/publication.ts)
        query: sitemapQuery(buildDay()),
        resolveSiteUrl: () => siteUrl,
        resolvePages: sitemapPages,
        serialize: ({ path: url, lastmod }: SitemapPage) => ({ url, lastmod }),
      },
    },
    {
      resolve: "gatsby-plugin-feed",
      options: {
        query: `{ site { siteMetadata { title description siteUrl site_url: siteUrl } } }`,
        feeds: [
          {
            title: `${site.title} blog`,
            output: "/rss.xml",
            query: feedQuery(buildDay()),
            serialize: ({ query }: { query: { allBlogPost: { nodes: FeedPost[] } } }) =>
              feedItems(siteUrl, query.allBlogPost.nodes),
          },
        ],
      },
    },
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: site.company.name,
        short_name: "Tidewell",
        description: site.description,
        start_url: "/",
        background_color: "#ffffff",
        theme_color: site.themeColor,
        // the page's own head (src/components/seo/seo.tsx) says it once; the plugin would say it again
        theme_color_in_head: false,
        display: "standalone",
        icon: "src/images/icon.svg",
        icon_options: { purpose: "any maskable" },
        cache_busting_mode: "none",
      },
    },
  ],
};

export default config;

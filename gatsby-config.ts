import type { GatsbyConfig } from "gatsby";
import adapter from "gatsby-adapter-netlify";
import { readFileSync } from "fs";
import path from "path";
import { postcssBreakpoints } from "./src/node/postcss-breakpoints";

// Site metadata has one source, content/site.json; the origin can be overridden per deploy.
const site = JSON.parse(readFileSync(path.join(__dirname, "content", "site.json"), "utf8")) as {
  title: string;
  description: string;
  siteUrl: string;
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
  adapter: adapter({ excludeDatastoreFromEngineFunction: true }),
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: path.join(__dirname, "content"), ignore: ["**/README.md"] },
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
    { resolve: "gatsby-plugin-postcss", options: { postcssOptions: { plugins: [postcssBreakpoints()] } } },
  ],
};

export default config;

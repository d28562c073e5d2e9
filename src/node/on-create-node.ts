import type { GatsbyNode, Node } from "gatsby";
import { existsSync, readFileSync } from "fs";
import path from "path";
import {
  check,
  frontmatterSpecs,
  jsonSpecs,
  locate,
  readingMinutes,
  type Kind,
  type RuleContext,
} from "./content-rules";
import { publishesOn } from "../lib/publication";

const nodeTypes: Record<Kind, string> = {
  service: "Service",
  industry: "Industry",
  product: "Product",
  blog: "BlogPost",
  webinar: "Webinar",
  page: "Page",
};

let groups: string[] | null = null;
/** The service groups are the sub items of the Services entry of content/navigation.json. */
function serviceGroups(contentDir: string): string[] {
  if (!groups) {
    const nav = JSON.parse(readFileSync(path.join(contentDir, "navigation.json"), "utf8")) as {
      name: string;
      sub?: { name: string }[];
    }[];
    groups = (nav.find((item) => item.name === "Services")?.sub ?? []).map((s) => s.name);
  }
  return groups;
}

interface FileNode extends Node {
  absolutePath: string;
  relativePath: string;
  sourceInstanceName: string;
}

// Only the nodes of Markdown and JSON files concern onCreateNode: Gatsby skips the call for every other node
// (the File nodes, the typed nodes made below) instead of scheduling one that returns at once.
export const shouldOnCreateNode: GatsbyNode<Node>["shouldOnCreateNode"] = ({ node }) =>
  node.internal.type === "MarkdownRemark" || node.internal.type.endsWith("Json");

// Each Markdown file becomes a typed child node (Service, BlogPost, ...), checked field by field.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#onCreateNode
export const onCreateNode: GatsbyNode["onCreateNode"] = ({
  node,
  getNode,
  actions,
  reporter,
  createNodeId,
  createContentDigest,
}) => {
  if (!node.parent) return;
  const file = getNode(node.parent) as FileNode | undefined;
  if (!file || file.internal.type !== "File" || file.sourceInstanceName !== "content") return;
  const contentDir = file.absolutePath.slice(0, file.absolutePath.length - file.relativePath.length);
  const shown = `content/${file.relativePath}`;
  const ctx: RuleContext = {
    resolveFile: (relative) => {
      const absolute = path.resolve(path.dirname(file.absolutePath), relative);
      return existsSync(absolute) ? absolute : null;
    },
    serviceGroups: serviceGroups(contentDir),
  };

  if (node.internal.type.endsWith("Json")) {
    const spec = jsonSpecs(ctx)[path.basename(file.relativePath)];
    const problem = spec && check(shown, spec, node as unknown as Record<string, unknown>);
    if (problem) reporter.panicOnBuild(problem);
    return;
  }
  if (node.internal.type !== "MarkdownRemark") return;

  const place = locate(file.relativePath);
  if (!place) return;
  const frontmatter = (node.frontmatter ?? {}) as Record<string, unknown>;
  const problem = check(shown, frontmatterSpecs[place.kind](ctx), frontmatter);
  if (problem) {
    reporter.panicOnBuild(problem);
    return;
  }

  const fields: Record<string, unknown> = { ...frontmatter, slug: place.slug, path: place.path ?? frontmatter.path };
  if (place.kind === "blog") {
    fields.cover = ctx.resolveFile(frontmatter.cover as string);
    fields.draft = frontmatter.draft === true;
    fields.old = place.old;
    fields.readingTime = readingMinutes(String(node.rawMarkdownBody ?? ""));
  }
  if (place.kind === "page") fields.noindex = frontmatter.noindex === true;
  for (const [key, value] of Object.entries(fields)) if (value instanceof Date) fields[key] = value.toISOString();
  // a fact of the file only: whether it is published yet is decided by each build (src/lib/publication.ts)
  if (place.kind === "blog")
    fields.publishesOn = publishesOn({ draft: fields.draft as boolean, date: fields.date as string });

  const child = {
    ...fields,
    id: createNodeId(`${node.id} >>> ${nodeTypes[place.kind]}`),
    parent: node.id,
    children: [],
    internal: { type: nodeTypes[place.kind], contentDigest: createContentDigest(fields) },
  };
  actions.createNode(child);
  actions.createParentChildLink({ parent: node, child: child as unknown as Node });
};

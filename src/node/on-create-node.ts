import type { GatsbyNode, Node } from "gatsby";
import { existsSync, readFileSync } from "fs";
import path from "path";
import { inspect, type RuleContext } from "../lib/content-fields";
import {
  jsonFiles,
  locate,
  markdownKinds,
  readingMinutes,
  serviceGroupsOf,
  type CampaignBlock,
} from "../lib/content-model";
import { campaignNodeFields } from "./campaign-node";
import { publishesOn } from "../lib/publication";

let groups: string[] | null = null;
const serviceGroups = (contentDir: string): string[] =>
  (groups ??= serviceGroupsOf(JSON.parse(readFileSync(path.join(contentDir, "navigation.json"), "utf8"))));

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
    const item = jsonFiles[path.basename(file.relativePath)];
    const problem = item && inspect(shown, item(ctx), node as unknown as Record<string, unknown>).problem;
    if (problem) reporter.panicOnBuild(problem);
    return;
  }
  if (node.internal.type !== "MarkdownRemark") return;

  const place = locate(file.relativePath);
  if (!place) return;
  const kind = markdownKinds[place.kind];
  const checked = inspect(shown, kind.frontmatter(ctx), (node.frontmatter ?? {}) as Record<string, unknown>);
  if (checked.problem !== undefined) {
    reporter.panicOnBuild(checked.problem);
    return;
  }

  // the values as the content model keeps them: a cover's absolute path, dates as ISO text, flags false when left out
  const fields: Record<string, unknown> = { ...checked.data, slug: place.slug, path: place.path ?? checked.data.path };
  if (place.kind === "blog") {
    fields.old = place.old;
    fields.readingTime = readingMinutes(String(node.rawMarkdownBody ?? ""));
    // a fact of the file only: whether it is published yet is decided by each build (src/lib/publication.ts)
    fields.publishesOn = publishesOn({ draft: fields.draft as boolean, date: fields.date as string });
  }
  if (place.kind === "campaign")
    Object.assign(fields, campaignNodeFields(fields.sections as CampaignBlock[], file.absolutePath));

  const child = {
    ...fields,
    id: createNodeId(`${node.id} >>> ${kind.type}`),
    parent: node.id,
    children: [],
    internal: { type: kind.type, contentDigest: createContentDigest(fields) },
  };
  actions.createNode(child);
  actions.createParentChildLink({ parent: node, child: child as unknown as Node });
};

// A campaign in the editor, drawn by its template (src/templates/campaign.tsx) with the site's own sections, the
// form included, as the build draws it: each block's anchor and a text block's HTML as the build makes them
// (src/node/campaign-node.ts), the entries its blocks name from the company's lists as the editor's build read them.
// A block being filled in is drawn with what it has: a field not given yet is empty.
import React from "react";
import { z } from "zod";
import partners from "../../../content/partners.json";
import pricing from "../../../content/pricing.json";
import team from "../../../content/team.json";
import testimonials from "../../../content/testimonials.json";
import { sectionIdOf, type KeptBlock } from "../../lib/campaign";
import { campaignBlockTypes, type CampaignBlock } from "../../lib/content-model";
import { markdownHtml } from "../../lib/markdown-html";
import CampaignTemplate from "../../templates/campaign";
import { entryOf, pageProps, pictureOf, related, type PreviewProps } from "./page-props";

interface Campaign {
  path?: string;
  title?: string;
  description?: string;
  salesforceCampaignId?: string;
  sections?: Partial<CampaignBlock>[];
}

const ANY = { resolveFile: (relative: string) => relative, serviceGroups: [] };
/** Each block type's fields, and whether each is a list: what a block not filled in yet is given. */
const SHAPES = new Map(
  campaignBlockTypes(ANY).map(({ type, schema }) => [
    type,
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, rule]) => {
      let inner = rule;
      while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
      return [name, inner instanceof z.ZodArray] as const;
    }),
  ]),
);

/** A block as the page draws it: its fields not given yet empty, its anchor, a text block's HTML. */
function kept(block: Partial<CampaignBlock>): KeptBlock | null {
  const shape = block.type && SHAPES.get(block.type);
  if (!shape) return null;
  const filled = Object.fromEntries(shape.map(([name, isList]) => [name, isList ? [] : ""]));
  const whole = { ...filled, ...block } as CampaignBlock;
  return {
    ...whole,
    id: sectionIdOf(whole),
    ...(whole.type === "prose" ? { html: markdownHtml(whole.markdown) } : {}),
  };
}

export function CampaignPreview(props: PreviewProps) {
  const { fields } = entryOf<Campaign>(props);
  const path = fields.path || "/offers/new-campaign";
  const sections = (fields.sections ?? []).flatMap((block) => kept(block) ?? []);
  const hero = sections.find((b) => b.type === "hero");
  const picture = hero?.type === "hero" && hero.picture ? props.getAsset(hero.picture).toString() : null;
  const postSlugs = sections.flatMap((b) => (b.type === "posts" ? b.posts : []));
  const data = {
    campaign: {
      title: fields.title ?? "",
      description: fields.description ?? "",
      path,
      indexed: false,
      salesforceCampaignId: fields.salesforceCampaignId ?? null,
      image: null,
      heroImage: picture ? pictureOf(picture) : null,
      sections,
    },
    testimonials: { nodes: testimonials },
    partners: { nodes: partners.map((p) => ({ ...p, badge: { publicURL: props.getAsset(p.badge).toString() } })) },
    people: { nodes: team },
    plans: { nodes: pricing },
    posts: {
      nodes: related<Queries.PostCardFragment>(props, "posts", postSlugs).map((p) => ({
        ...p,
        path: `/blog/${p.slug}`,
        cardImage: pictureOf(null),
      })),
    },
    webinars: { nodes: [] },
  };
  return <CampaignTemplate {...pageProps(path, data as unknown as Queries.CampaignPageQuery)} />;
}

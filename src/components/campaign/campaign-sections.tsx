import React from "react";
import type { KeptBlock } from "../../lib/campaign";
import { ConsultationButton } from "../actions/consultation-button";
import { CallToAction } from "../sections/call-to-action";
import { FaqList } from "../sections/faq-list";
import { FeatureGrid } from "../sections/feature-grid";
import { PartnerBadges } from "../sections/partner-badges";
import { PersonCards } from "../sections/person-cards";
import { PlanCards } from "../sections/plan-cards";
import { PostCards } from "../sections/post-cards";
import { Prose } from "../sections/prose";
import { Section } from "../sections/section";
import { SplitHero } from "../sections/split-hero";
import { Stats } from "../sections/stats";
import { Steps } from "../sections/steps";
import { Testimonials } from "../sections/testimonials";
import { SiteLink } from "../ui/site-link";
import * as buttons from "../ui/button.module.css";
import type { CampaignData } from "./campaign-data";
import { CampaignFormSection } from "./campaign-form-section";

type Of<T extends KeptBlock["type"]> = Extract<KeptBlock, { type: T }>;
/** How a block is drawn: its fields, the page's data, and its tone (the bands alternate). */
type Draw<T extends KeptBlock["type"]> = (block: Of<T>, data: CampaignData, tone: "plain" | "alt") => React.ReactNode;

/** The entries of a list a block names, in the block's order. */
const chosen = <T extends { name: string }>(items: readonly T[], names: readonly string[]): T[] =>
  names.flatMap((name) => items.filter((item) => item.name === name));

const band = (
  block: { id?: string; heading: string; intro?: string | null },
  tone: "plain" | "alt",
  children: React.ReactNode,
) => (
  <Section id={block.id} heading={block.heading} intro={block.intro} tone={tone}>
    {children}
  </Section>
);

/** An action of the hero: a site page, an anchor of this page (#form) or another site, as a button. */
function Action({ label, to, index }: { label: string; to: string; index: number }) {
  const className = index === 0 ? buttons.primary : buttons.ghostLight;
  return to.startsWith("/") ? (
    <SiteLink to={to} className={className}>
      {label}
    </SiteLink>
  ) : (
    <a href={to} className={className} {...(to.startsWith("https:") ? { rel: "noopener" } : {})}>
      {label}
    </a>
  );
}

/**
 * The one record from a block's type to the site's section component that draws it (as Payload's RenderBlocks
 * does): a block type added to the model (src/lib/content-model.ts) fails the type check until it has its entry.
 */
export const DRAW: { [T in KeptBlock["type"]]: Draw<T> } = {
  hero: (b, data) => (
    <SplitHero
      title={b.headline}
      lead={b.text}
      picture={data.heroImage && b.pictureAlt ? { image: data.heroImage, alt: b.pictureAlt } : null}
    >
      {b.actions.map((a, index) => (
        <Action key={a.label} {...a} index={index} />
      ))}
    </SplitHero>
  ),
  features: (b, _data, tone) => band(b, tone, <FeatureGrid items={b.items} accent />),
  steps: (b, _data, tone) => band(b, tone, <Steps items={b.items} />),
  stats: (b, _data, tone) => band(b, tone, <Stats items={b.items} />),
  faq: (b, _data, tone) => band(b, tone, <FaqList faqs={b.items} />),
  "call-to-action": (b) => <CallToAction heading={b.heading} text={b.text} />,
  prose: (b, _data, tone) =>
    b.heading ? band({ ...b, heading: b.heading }, tone, <Prose html={b.html ?? ""} />) : <Prose html={b.html ?? ""} />,
  testimonials: (b, data, tone) => band(b, tone, <Testimonials items={chosen(data.testimonials, b.names)} />),
  partners: (b, data, tone) => band(b, tone, <PartnerBadges items={chosen(data.partners, b.names)} />),
  people: (b, data, tone) => band(b, tone, <PersonCards people={chosen(data.people, b.names)} />),
  plans: (b, data, tone) =>
    band(
      b,
      tone,
      <PlanCards plans={chosen(data.plans, b.names)} action={() => <ConsultationButton variant="primary" />} />,
    ),
  posts: (b, data, tone) =>
    band(
      b,
      tone,
      <PostCards posts={b.posts.flatMap((slug) => data.posts.filter((p) => p.path.endsWith(`/${slug}`)))} />,
    ),
  form: (b, data, tone) => <CampaignFormSection block={b} data={data} tone={tone} />,
};

/** A campaign's sections in order, each drawn by its entry of the record; the bands after the hero alternate. */
export function CampaignSections({ sections, data }: { sections: readonly KeptBlock[]; data: CampaignData }) {
  return (
    <>
      {sections.map((block, index) => (
        <React.Fragment key={index}>
          {(DRAW[block.type] as Draw<KeptBlock["type"]>)(block, data, index % 2 === 0 ? "alt" : "plain")}
        </React.Fragment>
      ))}
    </>
  );
}

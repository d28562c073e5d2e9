import React from "react";
import type { KeptBlock } from "../../lib/campaign";
import { ConsultationButton } from "../actions/consultation-button";
import { Island } from "../islands/island";
import { Section } from "../sections/section";
import type { CampaignData } from "./campaign-sections";

type FormBlock = Extract<KeptBlock, { type: "form" }>;

/** A campaign's form block: its heading and introduction, then the site's form it names. */
export function CampaignFormSection({
  block,
  data,
  tone,
}: {
  block: FormBlock;
  data: CampaignData;
  tone: "plain" | "alt";
}) {
  const webinar = data.webinars.find((w) => w.slug === block.webinar);
  return (
    <Section id={block.id} heading={block.heading} intro={block.intro} tone={tone}>
      {block.form === "booking" ? (
        <ConsultationButton variant="primary">{block.button}</ConsultationButton>
      ) : block.form === "webinar" ? (
        <Island name="webinarForm" props={{ title: webinar?.title ?? "" }} wake="interaction" />
      ) : block.form === "newsletter" ? (
        <Island name="newsletterForm" wake="interaction" />
      ) : (
        <Island name="contactForm" wake="interaction" />
      )}
    </Section>
  );
}

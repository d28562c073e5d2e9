import React from "react";
import { receivedPathOf, type KeptBlock } from "../../lib/campaign";
import { ConsultationButton } from "../actions/consultation-button";
import { Island } from "../islands/island";
import { Section } from "../sections/section";
import type { CampaignData } from "./campaign-data";
import * as styles from "./campaign-form-section.module.css";

type FormBlock = Extract<KeptBlock, { type: "form" }>;

/**
 * A campaign's form block: its heading and introduction, then the site's form it names with the campaign's own
 * questions (src/components/forms/campaign-form.tsx), or the consultation booking's button.
 */
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
  const form = block.form;
  return (
    <Section id={block.id} heading={block.heading} intro={block.intro} tone={tone}>
      <div className={styles.form}>
        {form === "booking" ? (
          <ConsultationButton variant="primary">{block.button}</ConsultationButton>
        ) : (
          <Island
            name="campaignForm"
            props={{
              campaign: {
                path: data.path,
                form,
                questions: block.questions ?? [],
                received: receivedPathOf(data.path),
                salesforceCampaignId: data.salesforceCampaignId,
              },
              button: block.button,
              webinar: webinar?.title,
            }}
            wake="interaction"
          />
        )}
      </div>
    </Section>
  );
}

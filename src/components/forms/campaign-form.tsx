import React, { useMemo } from "react";
import { answersOf, CAMPAIGN_FIELD, campaignForm, type CampaignFacts } from "../../lib/campaign-form";
import { campaignSalesforceFields } from "../../lib/web-to-lead";
import { FORMS } from "../../lib/forms";
import { LeadForm } from "./lead-form";
import { useLeadForm } from "./use-lead-form";

export interface CampaignFormProps {
  campaign: Pick<CampaignFacts, "path" | "questions" | "received" | "salesforceCampaignId"> & {
    form: "contact" | "webinar" | "newsletter";
  };
  /** the campaign's words for the button, else the form's own */
  button?: string | null;
  /** the webinar a registration is for (a webinar form) */
  webinar?: string | null;
}

/**
 * A campaign's form (src/lib/campaign-form.ts): the site's form it names, the campaign's questions after its fields,
 * the campaign carried hidden; once sent, on to the campaign's received page. Salesforce's lead gets the answers
 * and joins the campaign's Salesforce Campaign when the page names one.
 */
export function CampaignForm({ campaign, button, webinar }: CampaignFormProps) {
  const form = useMemo(() => campaignForm(FORMS[campaign.form], campaign, button), [campaign, button]);
  const state = useLeadForm({
    form,
    carried: { [CAMPAIGN_FIELD]: campaign.path, ...(webinar ? { info: webinar } : {}) },
    returnPath: campaign.received,
    salesforce: (values) =>
      campaignSalesforceFields({ answers: answersOf(campaign, values), campaignId: campaign.salesforceCampaignId }),
  });
  return <LeadForm form={state} />;
}

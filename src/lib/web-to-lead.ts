// Salesforce Web-to-Lead (spec §3): the fields of a lead, the same whoever posts them. By default the visitor's
// browser posts them with a hidden form, as the spec says, and the server posts those the browser cannot (a form
// sent without script); with `delivery: "server"` the server posts every lead and the browser none
// (docs/store.md#salesforce). Configured in content/site.json's `webToLead`; which field of a form fills which
// Web-to-Lead field is the form's declaration (src/lib/forms.ts).
import site from "../../content/site.json";
import type { Attribution, AttributionKey } from "./attribution";
import { channelOf } from "./channel";
import { salesforceFields, type LeadKind } from "./forms";

export interface WebToLeadConfig {
  url?: string | null;
  oid?: string | null;
  /** lead_source when nothing is known of the visit (spec §3: "Website") */
  leadSource: string;
  /** who posts a lead sent with script: the visitor's browser (the default) or the server */
  delivery?: string;
  /** the attribution each of the org's own fields takes, e.g. { "utm_campaign": "Campaign__c" } */
  fields?: Partial<Record<AttributionKey, string>>;
}

export const WEB_TO_LEAD: WebToLeadConfig = site.webToLead;

export interface WebToLeadLead {
  /** the lead's own fields by their Web-to-Lead names (first_name, email, phone, Note__c, …) */
  fields: Record<string, string>;
  returnUrl: string;
  attribution: Attribution;
}

export const isWebToLeadConfigured = (
  config: WebToLeadConfig,
): config is WebToLeadConfig & { url: string; oid: string } => Boolean(config.url && config.oid);

/** Whether the server posts every lead (and the browser none). */
export const serverPostsEveryLead = (config: WebToLeadConfig): boolean => config.delivery === "server";

/** The lead_source of a visit: its channel's name, or the configured default when nothing is known. */
export const leadSourceOf = (config: WebToLeadConfig, attribution: Attribution): string =>
  channelOf(attribution) ?? config.leadSource;

export function webToLeadFields(config: WebToLeadConfig, lead: WebToLeadLead): Record<string, string> {
  const channel = leadSourceOf(config, lead.attribution);
  const mapped: Record<string, string> = {};
  for (const [key, field] of Object.entries(config.fields ?? {})) {
    const value = lead.attribution[key as AttributionKey];
    if (field && value) mapped[field] = value;
  }
  return {
    oid: config.oid ?? "",
    retURL: lead.returnUrl,
    lead_source: channel,
    ...lead.fields,
    ...mapped,
  };
}

/** The Web-to-Lead fields of a lead of this kind as the endpoint took it (spec §3), as its form declares them. */
export const leadFields = (
  config: WebToLeadConfig,
  kind: LeadKind,
  fields: Readonly<Record<string, string>>,
  attribution: Attribution,
  returnUrl: string,
) => webToLeadFields(config, { fields: salesforceFields(kind, fields), returnUrl, attribution });

/** The Web-to-Lead value that marks a lead a member of a campaign who responded (Salesforce's default status). */
export const CAMPAIGN_MEMBER_STATUS = "Responded";

/**
 * What a campaign's lead adds to Web-to-Lead (issue 61): its answers in the lead's description, and, when its page
 * names a Salesforce Campaign, `Campaign_ID` and `member_status`, so that the lead joins that campaign.
 */
export function campaignSalesforceFields({
  answers,
  campaignId,
}: {
  answers: string;
  campaignId?: string | null;
}): Record<string, string> {
  return {
    ...(answers ? { description: answers } : {}),
    ...(campaignId ? { Campaign_ID: campaignId, member_status: CAMPAIGN_MEMBER_STATUS } : {}),
  };
}

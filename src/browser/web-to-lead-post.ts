// The browser's half of Salesforce Web-to-Lead (spec §7): the hidden form that posts a lead's fields
// (src/lib/web-to-lead.ts) into a hidden iframe, or into the page when the visitor goes on there.
import type { Attribution } from "../lib/attribution";
import type { LeadKind } from "../lib/forms";
import {
  isWebToLeadConfigured,
  leadFields,
  serverPostsEveryLead,
  WEB_TO_LEAD,
  type WebToLeadConfig,
} from "../lib/web-to-lead";

/** Posts the fields to Web-to-Lead with a hidden form, into `target` (a hidden iframe, or _self to leave). */
export function submitWebToLead(doc: Document, url: string, fields: Record<string, string>, target: string): void {
  const form = doc.createElement("form");
  form.method = "POST";
  form.action = url;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  form.remove();
}

/** A hidden iframe to receive a Web-to-Lead post, so the page stays where it is. */
export function hiddenFrame(doc: Document, name: string): string {
  if (!doc.querySelector(`iframe[name="${name}"]`)) {
    const frame = doc.createElement("iframe");
    frame.name = name;
    frame.title = "Lead submission";
    frame.hidden = true;
    frame.tabIndex = -1;
    doc.body.appendChild(frame);
  }
  return name;
}

export const WEB_TO_LEAD_FRAME = "web-to-lead-frame";

/**
 * The browser's hidden Web-to-Lead post of a lead the endpoint took (spec §7): into a hidden iframe so the page
 * stays, or into the page itself when `returnPath` asks to go on there. None when the server posts every lead.
 */
export function postFromBrowser(
  doc: Document,
  {
    kind,
    fields,
    attribution,
    returnPath,
    more = {},
  }: {
    kind: LeadKind;
    fields: Readonly<Record<string, string>>;
    attribution: Attribution;
    returnPath?: string;
    /** Web-to-Lead fields beside the form's own (a campaign's: campaignSalesforceFields) */
    more?: Record<string, string>;
  },
  config: WebToLeadConfig = WEB_TO_LEAD,
): { left: boolean } {
  if (!isWebToLeadConfigured(config) || serverPostsEveryLead(config)) return { left: false };
  const { location } = doc.defaultView ?? window;
  const leaving = Boolean(returnPath);
  const posted = {
    ...leadFields(config, kind, fields, attribution, `${location.origin}${returnPath ?? location.pathname}`),
    ...more,
  };
  submitWebToLead(doc, config.url, posted, leaving ? "_self" : hiddenFrame(doc, WEB_TO_LEAD_FRAME));
  return { left: leaving };
}

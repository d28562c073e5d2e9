// The hidden Salesforce Web-to-Lead form (spec §3): built as plain fields, submitted by a real <form>.

export interface WebToLeadConfig {
  url?: string | null;
  oid?: string | null;
  leadSource: string;
}

export interface WebToLeadLead {
  firstName: string;
  email: string;
  phone: string;
  note: string;
  returnUrl: string;
}

export const isWebToLeadConfigured = (
  config: WebToLeadConfig,
): config is WebToLeadConfig & { url: string; oid: string } => Boolean(config.url && config.oid);

export function webToLeadFields(config: WebToLeadConfig, lead: WebToLeadLead): Record<string, string> {
  return {
    oid: config.oid ?? "",
    retURL: lead.returnUrl,
    lead_source: config.leadSource,
    first_name: lead.firstName,
    email: lead.email,
    phone: lead.phone,
    Note__c: lead.note,
  };
}

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

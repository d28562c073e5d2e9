import React from "react";
import { MESSAGES } from "../../lib/messages";
import { buildContactPayload } from "../../lib/payloads";
import { digitsOnly, validateContact, type ContactValues } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { LeadForm, type FieldSpec } from "./lead-form";
import { useLeadForm } from "./use-lead-form";

const empty: ContactValues = { name: "", email: "", phone: "", message: "" };
const fields: FieldSpec<ContactValues>[] = [
  { key: "name", label: "Name", autoComplete: "name" },
  { key: "email", label: "Email", type: "email", autoComplete: "email" },
  { key: "phone", phone: true },
  { key: "message", name: "info", label: "Message", multiline: true },
];

/**
 * The enquiry form (spec §3–§5, §7, §8): checked on each change, captcha before sending; once sent it is cleared
 * (India again) and says so. In the modal the captcha loads at once; inline, on the first focus, so no third party
 * loads with the page.
 */
export function ContactForm({ onSent, loadCaptchaNow = false }: { onSent?: () => void; loadCaptchaNow?: boolean }) {
  const { site } = useSiteData();
  const form = useLeadForm({
    kind: "contact",
    empty,
    validate: validateContact,
    showErrors: "as-typed",
    clean: { phone: digitsOnly },
    captcha: loadCaptchaNow ? "now" : "on-focus",
    body: (values, { dialCode, labels }) => buildContactPayload(values, dialCode, labels),
    onSent: ({ reset, say }) => {
      reset();
      say(MESSAGES.contactSuccess);
      onSent?.();
    },
  });
  return (
    <LeadForm
      form={form}
      label="Contact"
      fields={fields}
      hidden={{ type: site.labels.contact }}
      submit={{ idle: "Send message", sending: "Sending…" }}
    />
  );
}

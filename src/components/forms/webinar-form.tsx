import React from "react";
import { RECEIVED_PATHS } from "../../lib/form-post";
import { buildWebinarPayload } from "../../lib/payloads";
import { digitsOnly, validateRegistration, type RegistrationValues } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { LeadForm, type FieldSpec } from "./lead-form";
import { useLeadForm } from "./use-lead-form";

export const WEBINAR_SUCCESS_PATH = RECEIVED_PATHS.webinar;
const empty: RegistrationValues = { name: "", email: "", phone: "" };
const fields: FieldSpec<RegistrationValues>[] = [
  { key: "name", label: "Name", autoComplete: "name" },
  { key: "email", label: "Work email", type: "email", autoComplete: "email" },
  { key: "phone", phone: true },
];

/** Registration for one webinar: sent like a contact lead, then on to /webinar-Success-email. */
export function WebinarForm({ title }: { title: string }) {
  const { site } = useSiteData();
  const form = useLeadForm({
    kind: "webinar",
    empty,
    validate: validateRegistration,
    showErrors: "on-submit",
    clean: { phone: digitsOnly },
    body: (values, { dialCode, labels }) => buildWebinarPayload(values, dialCode, title, labels),
    returnPath: WEBINAR_SUCCESS_PATH,
    // a registration mails its address a confirmation: the captcha keeps the form from mailing strangers
    captcha: "on-focus",
  });
  return (
    <LeadForm
      form={form}
      label="Webinar registration"
      fields={fields}
      hidden={{ type: site.labels.webinar, info: title }}
      submit={{ idle: "Register free", sending: "Registering…" }}
    />
  );
}

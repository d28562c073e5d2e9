import React from "react";
import { CV_ACCEPT, CV_MAX_BYTES, CV_MESSAGES, cvFileProblem, sizeInWords } from "../../lib/cv-file";
import { RECEIVED_PATHS } from "../../lib/form-post";
import { buildApplicationPayload } from "../../lib/payloads";
import { digitsOnly, validateApplication, type ApplicationValues } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { LeadForm, type FieldSpec } from "./lead-form";
import { useLeadForm, type FileSpec } from "./use-lead-form";

const empty: ApplicationValues = { name: "", email: "", phone: "", link: "", note: "" };
const fields: FieldSpec<ApplicationValues>[] = [
  { key: "name", label: "Name", autoComplete: "name" },
  { key: "email", label: "Email", type: "email", autoComplete: "email" },
  { key: "phone", phone: true, required: true },
  { key: "link", label: "LinkedIn or portfolio", type: "url", autoComplete: "url", optional: true },
  { key: "note", name: "info", label: "A short note", multiline: true, optional: true },
];

const cv: FileSpec = {
  name: "cv",
  label: "Your CV",
  accept: CV_ACCEPT,
  // a no-break space: "4 MB" never splits across lines
  hint: `PDF, Word (DOCX) or OpenDocument (ODT), at most ${sizeInWords(CV_MAX_BYTES).replace(" ", "\u00a0")}`,
  problem: cvFileProblem,
  refused: (status, file) =>
    status === 413
      ? CV_MESSAGES.tooLarge(file?.size ?? CV_MAX_BYTES + 1)
      : `${CV_MESSAGES.wrongKind} (a file is known by what is inside it, not by its name)`,
};

/**
 * An application for one opening (issue 36): its fields and a CV, sent as multipart/form-data with script or
 * without, then on to the page that says it was received. The captcha loads on the first focus, as the contact
 * form's does; without script the application is marked as sent without it (lead-handler.ts).
 */
export function ApplicationForm({ opening }: { opening: string }) {
  const { site } = useSiteData();
  const form = useLeadForm({
    kind: "application",
    empty,
    validate: validateApplication,
    showErrors: "on-submit",
    clean: { phone: digitsOnly },
    captcha: "on-focus",
    upload: cv,
    body: (values, { dialCode, labels }) => buildApplicationPayload(values, dialCode, opening, labels),
    returnPath: RECEIVED_PATHS.application,
  });
  return (
    <LeadForm
      form={form}
      label={`Application: ${opening}`}
      fields={fields}
      hidden={{ type: site.labels.application, opening }}
      submit={{ idle: "Send application", sending: "Sending…" }}
      mailbox={site.emails.jobs}
    />
  );
}

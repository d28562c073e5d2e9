import React from "react";
import { CV_MAX_BYTES, cvFileProblem } from "../../lib/cv-file";
import { FORMS } from "../../lib/forms";
import { useSiteData } from "../layout/use-site-data";
import { LeadForm } from "./lead-form";
import { useLeadForm, type FileSpec } from "./use-lead-form";

const { messages } = FORMS.application.file;

const cv: FileSpec = {
  problem: (file) => {
    const problem = cvFileProblem(file);
    return problem === "tooLarge" ? messages.tooLarge(file?.size ?? 0) : problem && messages[problem];
  },
  refused: (status, file) =>
    status === 413 ? messages.tooLarge(file?.size ?? CV_MAX_BYTES + 1) : `${messages.wrongKind} (${messages.byBytes})`,
};

/**
 * An application for one opening (issue 36): its fields, its CV and what it says of it (src/lib/forms.ts), sent as
 * multipart/form-data with script or without, then on to the page that says it was received. The captcha loads on
 * the first focus, as the contact form's does; without script the application is marked as sent without it
 * (lead-check.ts says why).
 */
export function ApplicationForm({ opening }: { opening: string }) {
  const { site } = useSiteData();
  const form = useLeadForm({
    form: FORMS.application,
    carried: { opening },
    upload: cv,
    returnPath: FORMS.application.received,
  });
  return <LeadForm form={form} label={`Application: ${opening}`} mailbox={site.emails.jobs} />;
}

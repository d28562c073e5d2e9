import React from "react";
import { CV_MAX_BYTES, CV_MESSAGES, cvFileProblem } from "../../lib/cv-file";
import { FORMS } from "../../lib/forms";
import { useSiteData } from "../layout/use-site-data";
import { LeadForm } from "./lead-form";
import { useLeadForm, type FileSpec } from "./use-lead-form";

const cv: FileSpec = {
  problem: cvFileProblem,
  refused: (status, file) =>
    status === 413
      ? CV_MESSAGES.tooLarge(file?.size ?? CV_MAX_BYTES + 1)
      : `${CV_MESSAGES.wrongKind} (a file is known by what is inside it, not by its name)`,
};

/**
 * An application for one opening (issue 36): its fields (src/lib/forms.ts) and a CV, sent as multipart/form-data with script or
 * without, then on to the page that says it was received. The captcha loads on the first focus, as the contact
 * form's does; without script the application is marked as sent without it (lead-check.ts says why).
 */
export function ApplicationForm({ opening }: { opening: string }) {
  const { site } = useSiteData();
  const form = useLeadForm({
    form: FORMS.application,
    carried: { opening },
    captcha: "on-focus",
    upload: cv,
    returnPath: FORMS.application.received,
  });
  return <LeadForm form={form} label={`Application: ${opening}`} mailbox={site.emails.jobs} />;
}

import React from "react";
import { FORMS } from "../../lib/forms";
import { LeadForm } from "./lead-form";
import { useLeadForm } from "./use-lead-form";

export const WEBINAR_SUCCESS_PATH = FORMS.webinar.received;

/** Registration for one webinar (its fields in src/lib/forms.ts): sent like a contact lead, then on to its page. */
export function WebinarForm({ title }: { title: string }) {
  const form = useLeadForm({
    form: FORMS.webinar,
    carried: { info: title },
    returnPath: WEBINAR_SUCCESS_PATH,
  });
  return <LeadForm form={form} />;
}

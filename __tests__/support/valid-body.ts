// A body each kind's rules take (src/lib/forms.ts, src/lib/lead-rules.ts), for the tests and scripts that post or
// store one: every field the kind's form declares, filled with a value its rules accept, then `overrides`. The values
// come from each field's control and required-ness, so a field added to a form is filled here too, and a test that
// needs only "a valid enquiry" does not change with it; a test about one field overrides that field.
import site from "../../content/site.json";
import jobs from "../../content/jobs.json";
import { FORMS, type FormField, type LeadKind, type Payload } from "../../src/lib/forms";

/** An opening the careers page lists: an application's `opening` must be one. */
export const OPENING = jobs[0].title;
/** A post of the site that takes comments: a comment's `url` must be one. */
export const POST_URL = `${site.siteUrl}/blog/a-post`;

/** What a hidden field the page carries holds: a webinar's title, an opening, a post's address. */
const carried = (field: FormField): string =>
  field.page ? POST_URL : field.name === "opening" ? OPENING : `Example ${field.noun.replace(/^the /, "")}`;

/** A value the field's rules accept, by its control. */
function validValue(field: FormField): string {
  if (field.value) return field.value(site.labels);
  switch (field.control) {
    case "email":
      return "asha@example.com";
    case "phone":
      return field.required ? "919820012345" : "";
    case "url":
      return "https://in.linkedin.com/in/asha-rao";
    case "textarea":
      return "We need help with CPQ.";
    case "hidden":
      return carried(field);
    case "text":
      return field.name === "name" ? "Asha Rao" : `Example ${field.label ?? field.name}`;
    case "choice":
    case "choices":
      return field.choices?.[0] ?? "";
  }
}

/** A valid body of this kind (spec §3, §7), its `type` the site's label, with `overrides` on top. */
export function validBody<K extends LeadKind, O extends Record<string, unknown> = Record<never, never>>(
  kind: K,
  overrides?: O,
): Omit<Payload<K>, keyof O> & O {
  const body: Record<string, unknown> = { type: site.labels[kind] };
  for (const field of FORMS[kind].fields) body[field.name] = validValue(field);
  return { ...body, ...overrides } as Omit<Payload<K>, keyof O> & O;
}

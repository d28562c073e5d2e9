// A form sent by the browser itself, without script (application/x-www-form-urlencoded): its fields become the
// body the site's script sends (spec §3, §7), so that the endpoint applies the same rules to both. The fields are
// named as the spec's JSON (src/lib/forms.ts declares them); what script adds (the newsletter's "null"s and label,
// the dial code joined to the digits, the page's full address) is added here instead.
import { FORMS, kindOfType, LEAD_KINDS, type FormLabels, type LeadKind } from "./forms";
import { SIGNAL_FIELDS } from "./form-signals";
import { CAMPAIGN_FIELD, CHOSEN_SEPARATOR, QUESTION_FIELD } from "./campaign-form";

/** The field of the phone's dial code: without script the country list cannot open, so it holds the default. */
export const DIAL_FIELD = "dial";

/** The page each kind of form post is sent on to once it is stored (a 303, with nothing typed in its address). */
export const RECEIVED_PATHS = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, FORMS[kind].received])) as Record<
  LeadKind,
  string
>;

export type PostedForm = Record<string, unknown>;

/**
 * A urlencoded body as fields; a name sent twice keeps its last value, as a browser's own form never does it, except
 * a campaign's question answered with several choices (its check boxes), whose choices are kept a line each.
 */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body))
    fields[name] =
      QUESTION_FIELD.test(name) && fields[name] !== undefined ? `${fields[name]}${CHOSEN_SEPARATOR}${value}` : value;
  return fields;
}

/**
 * The phone as the endpoint takes it: digits, the dial code first. Spaces, dashes, dots and brackets are left out;
 * a number typed with "+" and its own country code is taken as it is, so a visitor without script (whose country
 * list cannot open) can still give a number outside India.
 */
export function formPhone(dial: unknown, typed: unknown): unknown {
  if (typeof typed !== "string") return typed;
  const compact = typed.replace(/[\s().-]/g, "");
  if (!compact) return "";
  return compact.startsWith("+") ? compact.slice(1) : `${typeof dial === "string" ? dial.trim() : ""}${compact}`;
}

/** A comment's page as a full address: the form holds its path, the page it was sent from gives the origin. */
const pageAddress = (url: unknown, origin: string): unknown =>
  typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url;

/** The JSON body the site's script would have sent for these form fields; an unknown type is left to the rules. */
export function bodyFromForm(form: PostedForm, labels: FormLabels, origin: string): Record<string, unknown> {
  const signals: Record<string, unknown> = {};
  for (const name of [SIGNAL_FIELDS.honeypot, SIGNAL_FIELDS.captcha])
    if (form[name] !== undefined && form[name] !== "") signals[name] = form[name];
  const kind = kindOfType(form.type, labels);
  if (!kind) return { type: form.type, ...signals };
  const body: Record<string, unknown> = { type: form.type };
  for (const field of FORMS[kind].fields)
    body[field.name] = field.value
      ? field.value(labels)
      : field.control === "phone"
        ? formPhone(form[DIAL_FIELD], form[field.name])
        : field.page
          ? pageAddress(form[field.name], origin)
          : form[field.name];
  // a campaign's page and its answers, which the endpoint checks against the campaign's file (lead-check.ts)
  for (const [name, value] of Object.entries(form))
    if (name === CAMPAIGN_FIELD || QUESTION_FIELD.test(name)) body[name] = value;
  return { ...body, ...signals };
}

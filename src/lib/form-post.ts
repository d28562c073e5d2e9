// A form sent by the browser itself, without script (application/x-www-form-urlencoded): its fields become the
// body the site's script sends (spec §3, §7), so that the endpoint applies the same rules to both. The fields are
// named as the spec's JSON; what script adds (the newsletter's "null"s and label, the dial code joined to the
// digits, the page's full address) is added here instead.
import type { LeadKind } from "./lead-rules";
import { kindOfType, type FormLabels } from "./payloads";
import { SIGNAL_FIELDS } from "./form-signals";

/** The field of the phone's dial code: without script the country list cannot open, so it holds the default. */
export const DIAL_FIELD = "dial";

/** The page each kind of form post is sent on to once it is stored (a 303, with nothing typed in its address). */
export const RECEIVED_PATHS: Record<LeadKind, string> = {
  contact: "/contact-received",
  newsletter: "/success-email",
  comment: "/comment-received",
  webinar: "/webinar-Success-email",
  application: "/application-received",
};

export type FormValues = Record<string, unknown>;

/** A urlencoded body as fields; a name sent twice keeps its last value, as a browser's own form never does it. */
export const parseForm = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));

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
export function bodyFromForm(form: FormValues, labels: FormLabels, origin: string): Record<string, unknown> {
  const signals: Record<string, unknown> = {};
  for (const name of [SIGNAL_FIELDS.honeypot, SIGNAL_FIELDS.captcha])
    if (form[name] !== undefined && form[name] !== "") signals[name] = form[name];
  const { type, name, email, info } = form;
  switch (kindOfType(type, labels)) {
    case "newsletter":
      return { type, email, phone: "null", info: labels.newsletter, name: "null", ...signals };
    case "contact":
    case "webinar":
      return { type, info, email, phone: formPhone(form[DIAL_FIELD], form.phone), name, ...signals };
    case "comment":
      return { name, email, comment: form.comment, url: pageAddress(form.url, origin), type, ...signals };
    case "application": {
      const { opening, link } = form;
      return { type, name, email, phone: formPhone(form[DIAL_FIELD], form.phone), opening, link, info, ...signals };
    }
    default:
      return { type, ...signals };
  }
}

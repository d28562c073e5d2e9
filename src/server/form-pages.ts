import { createHash } from "crypto";
import site from "../../content/site.json";
import { DEFAULT_COUNTRY } from "../lib/constants";
import { DIAL_FIELD, type FormValues } from "../lib/form-post";
import type { FieldProblem, LeadKind } from "../lib/lead-rules";

// The pages the endpoint answers a form sent without script with, when it cannot take it: the field to fix, in
// words, and the form again with everything that was typed, posting again to the same address. Plain HTML from
// the function (it cannot know the build's hashed stylesheet), with the site's colours and its own strict policy.

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#1b2733;background:#f4f7f9;margin:0;padding:1.5rem 1rem}
header,main{max-width:40rem;margin:0 auto}header a{font-weight:700;color:${site.themeColor};text-decoration:none}
main{background:#fff;border-radius:12px;padding:1.5rem 2rem 2rem;box-shadow:0 1px 3px #0002;margin-top:1rem}
h1{color:${site.themeColor};font-size:1.5rem;margin:.5rem 0}.problem{border-left:4px solid #a4262c;padding-left:.75rem}
label{display:block;font-weight:600;margin-top:1rem}input,textarea{font:inherit;box-sizing:border-box;width:100%;
padding:.6rem .75rem;border:1px solid #8595a3;border-radius:8px;margin-top:.25rem}textarea{min-height:8rem}
[aria-invalid=true]{border:2px solid #a4262c}.phone{display:flex;gap:.5rem}.phone .dial{width:5.5rem;flex:none}
button{font:inherit;font-weight:600;color:#fff;background:${site.themeColor};border:0;border-radius:8px;
padding:.75rem 1.5rem;margin-top:1.5rem;cursor:pointer}a{color:${site.themeColor}}.optional{font-weight:400}`;

/**
 * Their policy: no script at all, their own style by hash, a form back to this address only. The referrer policy
 * still sends the page's origin with its form, which the endpoint checks.
 */
export const FORM_PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
};

interface FieldView {
  name: string;
  label: string;
  /** what the field holds, as a visitor says it */
  noun: string;
  multiline?: boolean;
  optional?: boolean;
  type?: "email" | "tel";
  autocomplete?: string;
}

const nameField: FieldView = { name: "name", label: "Name", noun: "your name", autocomplete: "name" };
const emailField = (label: string): FieldView => ({
  name: "email",
  label,
  noun: "your email address",
  type: "email",
  autocomplete: "email",
});
const phoneField: FieldView = { name: "phone", label: "Phone", noun: "your phone number", optional: true, type: "tel" };

/** The fields each form shows, as the site's forms do; the others travel as hidden fields. */
const VISIBLE: Record<LeadKind, FieldView[]> = {
  contact: [
    nameField,
    emailField("Email"),
    phoneField,
    { name: "info", label: "Message", noun: "your message", multiline: true },
  ],
  webinar: [nameField, emailField("Work email"), phoneField],
  newsletter: [emailField("Email address")],
  comment: [
    nameField,
    emailField("Email"),
    { name: "comment", label: "Comment", noun: "your comment", multiline: true },
  ],
};
const HIDDEN: Record<LeadKind, string[]> = {
  contact: ["type"],
  webinar: ["type", "info"],
  newsletter: ["type"],
  comment: ["type", "url"],
};

/** The endpoint's field names that are not fields a visitor sees, in a visitor's words. */
const OTHER_NOUNS: Record<string, string> = {
  url: "the address of the post this comment is for",
  info: "the webinar this registration is for",
  captcha: "the spam check",
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The field to fix, said as a visitor would understand it. */
export function explainField(
  kind: LeadKind,
  field: string,
  problem: FieldProblem | undefined,
  max?: number,
): { title: string; text: string } {
  const noun = VISIBLE[kind].find((f) => f.name === field)?.noun ?? OTHER_NOUNS[field] ?? `the field "${field}"`;
  if (problem === "missing") return { title: `Please enter ${noun}`, text: `${capital(noun)} is required.` };
  if (problem === "long")
    return {
      title: `Please shorten ${noun}`,
      text: `${capital(noun)} is longer than the ${max?.toLocaleString("en-US") ?? ""} characters it can hold.`,
    };
  if (field === "email")
    return {
      title: "Please check your email address",
      text: "That does not look like an email address: it should look like name@company.com, with no spaces.",
    };
  if (field === "phone")
    return {
      title: "Please check your phone number",
      text: `A phone number holds digits only (spaces and dashes are fine). The country code in front of it is +${DEFAULT_COUNTRY.code}; for another country, start the number with + and its code, like +44 20 7946 0000.`,
    };
  if (field === "captcha")
    return { title: "Please try again", text: "The spam check did not pass. Send the form again below." };
  return { title: `Please check ${noun}`, text: `${capital(noun)} is not what this form expects.` };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function fieldHtml(view: FieldView, values: FormValues, invalid: boolean): string {
  const id = `field-${view.name}`;
  const marks = invalid ? ' aria-invalid="true" aria-describedby="problem" autofocus' : "";
  const label = `<label for="${id}">${view.label}${view.optional ? ' <span class="optional">(optional)</span>' : ""}</label>`;
  const value = escapeHtml(text(values[view.name]));
  if (view.multiline) return `${label}<textarea id="${id}" name="${view.name}"${marks}>${value}</textarea>`;
  const input = `<input id="${id}" name="${view.name}" type="${view.type ?? "text"}"${view.autocomplete ? ` autocomplete="${view.autocomplete}"` : ""} value="${value}"${marks}>`;
  if (view.name !== "phone") return `${label}${input}`;
  const dial = escapeHtml(text(values[DIAL_FIELD]) || DEFAULT_COUNTRY.code);
  return `${label}<div class="phone"><input class="dial" name="${DIAL_FIELD}" aria-label="Country code" inputmode="numeric" value="${dial}"${invalid ? ' aria-describedby="problem"' : ""}>${input}</div>`;
}

const SUBMIT: Record<LeadKind, string> = {
  contact: "Send message",
  webinar: "Register free",
  newsletter: "Subscribe",
  comment: "Post comment",
};

function page(title: string, body: string, home: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.title)}</title><style>${STYLE}</style></head><body><header><a href="${escapeHtml(home)}">${escapeHtml(site.title)}</a></header><main>${body}</main></body></html>`;
}

export interface FormPage {
  kind: LeadKind;
  values: FormValues;
  title: string;
  text: string;
  /** the field to mark, when one is at fault */
  field?: string;
  /** the site's home page, for the way back */
  home: string;
}

/**
 * The form again, with what was typed (as text: markup typed into a field shows as typed), the problem said above
 * it and tied to its field. It posts to the address it came from: the endpoint.
 */
export function formPage({ kind, values, title, text: said, field, home }: FormPage): string {
  const fields = VISIBLE[kind].map((view) => fieldHtml(view, values, view.name === field)).join("");
  const hidden = HIDDEN[kind]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(text(values[name]))}">`)
    .join("");
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p id="problem" class="problem">${escapeHtml(said)}</p><p>Nothing you typed is lost: it is all below.</p><form method="post">${hidden}${fields}<button type="submit">${SUBMIT[kind]}</button></form><p><a href="${escapeHtml(home)}">Back to the site</a></p>`,
    home,
  );
}

/** A page without a form: what went wrong and the way back (a body too large, another site's form). */
export function messagePage(title: string, said: string, home: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="problem">${escapeHtml(said)}</p><p><a href="${escapeHtml(home)}">Back to the site</a></p>`,
    home,
  );
}

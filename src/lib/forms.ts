// Each form of the site declared once, as data (spec §3, §5, §7, §8; the job application, issue 36): its fields in
// the order they are checked, their labels, controls, limits and required-ness, the spec's messages word for word,
// what travels hidden, its button and the page it goes on to. From it come the rules the endpoint and the browser
// share (lead-rules.ts), the body the site's script sends (`payloadOf`), the body of a form the browser posts itself
// (form-post.ts), the React form's fields (src/components/forms/form-fields.tsx) and the page that answers a form
// sent without script (src/server/form-pages.tsx). Adding a field to a form is one edit here.
import { CV_ACCEPT, CV_MAX_BYTES, sizeInWords } from "./cv-file";
import { MESSAGES } from "./messages";
import { isEmail, isWebAddress } from "./validation";

export type LeadKind = "contact" | "newsletter" | "comment" | "webinar" | "application";

/** The `type` each kind of body carries: the labels of content/site.json (spec §7). */
export type FormLabels = Record<LeadKind, string>;

/** What some rules need to know of the site: its origins (a comment's post) and the openings (an application). */
export interface RuleContext {
  origins: readonly string[];
  openings: readonly string[];
}

/** What a field must be besides present and short enough, in the words the endpoint's error uses. */
export interface FieldTest {
  ok: (value: string, context: RuleContext) => boolean;
  must: string;
}

/**
 * One field of a body. `control` is how a visitor fills it; "hidden" travels in the form unseen (a webinar's title,
 * a post's address) or, with `value`, is filled in by whoever builds the body (the newsletter's "null"s).
 */
export interface FormField {
  /** the name it is posted, sent and stored under: the spec's JSON name */
  name: string;
  control: "text" | "email" | "url" | "textarea" | "phone" | "hidden";
  /** what a visitor reads beside it; none for a hidden field */
  label?: string;
  /** what it holds, in a visitor's words, for the page that asks to fix it */
  noun: string;
  autoComplete?: string;
  /** the most characters it holds (the endpoint counts after line breaks are made one character) */
  max: number;
  required: boolean;
  test?: FieldTest;
  /** the form's messages, word for word: when it is empty, and when `test` fails (the browser applies it then) */
  messages?: { missing: string; invalid?: string };
  /** the value of a hidden field the body builder fills in */
  value?: (labels: FormLabels) => string;
  /** a hidden field of the page's own address: its path in the form, the full address in the body */
  page?: boolean;
}

/** A file a form sends beside its fields: the job application's CV (its checks are src/lib/cv-file.ts). */
export interface FormFile {
  name: string;
  label: string;
  hint: string;
  accept: string;
  noun: string;
}

export interface FormDeclaration {
  kind: LeadKind;
  /** the form's accessible name */
  label: string;
  fields: readonly FormField[];
  file?: FormFile;
  submit: { idle: string; sending: string };
  /** the page a form sent without script is sent on to once it is stored (a 303, with nothing typed in its address) */
  received: string;
  /**
   * When a field's error shows: "as-typed", from its first change and then for what it holds (the contact form,
   * spec §5 "checked on each change"); "on-submit", from a send until the field is edited.
   */
  showErrors: "as-typed" | "on-submit";
  /** the browser's own checks of the fields' types apply (the comment form's e-mail, spec §5) */
  browserChecks?: boolean;
}

export const LIMITS = { name: 100, email: 254, message: 5_000, info: 300, phone: 20, url: 2_000, note: 1_000 } as const;

const digits: FieldTest = { ok: (v) => /^\d*$/.test(v), must: "must contain digits only" };
const literalNull: FieldTest = { ok: (v) => v === "null", must: 'must be the text "null"' };
const emailTest: FieldTest = { ok: isEmail, must: "must be an email address" };

const name: FormField = {
  name: "name",
  control: "text",
  label: "Name",
  noun: "your name",
  autoComplete: "name",
  max: LIMITS.name,
  required: true,
  messages: { missing: MESSAGES.required },
};
const email = (label: string, messages: FormField["messages"]): FormField => ({
  name: "email",
  control: "email",
  label,
  noun: "your email address",
  autoComplete: "email",
  max: LIMITS.email,
  required: true,
  test: emailTest,
  messages,
});
const phone = (required: boolean): FormField => ({
  name: "phone",
  control: "phone",
  label: "Phone",
  noun: "your phone number",
  max: LIMITS.phone,
  required,
  test: digits,
  messages: { missing: MESSAGES.required },
});
const hidden = (field: Omit<FormField, "control" | "required"> & { required?: boolean }): FormField => ({
  control: "hidden",
  required: true,
  ...field,
});
const contactEmail = { missing: MESSAGES.required, invalid: MESSAGES.invalidEmail };

/** Every form, by kind. */
export const FORMS: Record<LeadKind, FormDeclaration> = {
  contact: {
    kind: "contact",
    label: "Contact",
    fields: [
      name,
      email("Email", contactEmail),
      phone(false),
      {
        name: "info",
        control: "textarea",
        label: "Message",
        noun: "your message",
        max: LIMITS.message,
        required: true,
        messages: { missing: MESSAGES.required },
      },
    ],
    submit: { idle: "Send message", sending: "Sending…" },
    received: "/contact-received",
    showErrors: "as-typed",
  },
  webinar: {
    kind: "webinar",
    label: "Webinar registration",
    fields: [
      name,
      email("Work email", contactEmail),
      phone(false),
      hidden({ name: "info", noun: "the webinar this registration is for", max: LIMITS.info }),
    ],
    submit: { idle: "Register free", sending: "Registering…" },
    received: "/webinar-Success-email",
    showErrors: "on-submit",
  },
  newsletter: {
    kind: "newsletter",
    label: "Newsletter",
    fields: [
      email("Email address", { missing: MESSAGES.newsletterEmpty, invalid: MESSAGES.newsletterInvalid }),
      // spec §7: the newsletter's body has name and phone as the text "null", and its label as info
      hidden({ name: "name", noun: "your name", max: 4, test: literalNull, value: () => "null" }),
      hidden({ name: "phone", noun: "your phone number", max: 4, test: literalNull, value: () => "null" }),
      hidden({ name: "info", noun: "the newsletter", max: LIMITS.info, value: (labels) => labels.newsletter }),
    ],
    submit: { idle: "Subscribe", sending: "Subscribing…" },
    received: "/success-email",
    showErrors: "on-submit",
  },
  application: {
    kind: "application",
    label: "Application",
    fields: [
      name,
      email("Email", contactEmail),
      phone(true),
      hidden({
        name: "opening",
        noun: "the opening you are applying for",
        max: LIMITS.info,
        test: {
          ok: (v, { openings }) => openings.includes(v),
          must: "must be one of the openings on the careers page",
        },
      }),
      {
        name: "link",
        control: "url",
        label: "LinkedIn or portfolio",
        noun: "the address of your LinkedIn profile or portfolio",
        autoComplete: "url",
        max: LIMITS.url,
        required: false,
        test: { ok: isWebAddress, must: "must be a web address starting with https:// or http://" },
        messages: { missing: MESSAGES.required, invalid: MESSAGES.invalidLink },
      },
      {
        name: "info",
        control: "textarea",
        label: "A short note",
        noun: "your note",
        max: LIMITS.note,
        required: false,
      },
    ],
    file: {
      name: "cv",
      label: "Your CV",
      // a no-break space: "4 MB" never splits across lines
      hint: `PDF, Word (DOCX) or OpenDocument (ODT), at most ${sizeInWords(CV_MAX_BYTES).replace(" ", "\u00a0")}`,
      accept: CV_ACCEPT,
      noun: "your CV",
    },
    submit: { idle: "Send application", sending: "Sending…" },
    received: "/application-received",
    showErrors: "on-submit",
  },
  comment: {
    kind: "comment",
    label: "Comment",
    fields: [
      { ...name, messages: { missing: MESSAGES.nameRequired } },
      // the browser's own check of an e-mail address applies (spec §5): no message of the site's
      email("Email", { missing: MESSAGES.emailRequired }),
      {
        name: "comment",
        control: "textarea",
        label: "Comment",
        noun: "your comment",
        max: LIMITS.message,
        required: true,
        messages: { missing: MESSAGES.commentRequired },
      },
      hidden({
        name: "url",
        page: true,
        noun: "the address of the post this comment is for",
        max: LIMITS.url,
        test: {
          ok: (v, { origins }) => onSite(v, origins) && showsComments(v),
          must: "must be a post of this site that takes comments",
        },
      }),
    ],
    submit: { idle: "Post comment", sending: "Posting…" },
    received: "/comment-received",
    showErrors: "on-submit",
    browserChecks: true,
  },
};

export const LEAD_KINDS = Object.keys(FORMS) as LeadKind[];

/** The kind of form a body's `type` names (its label, spec §7), or null. */
export const kindOfType = (type: unknown, labels: FormLabels): LeadKind | null =>
  LEAD_KINDS.find((kind) => labels[kind] === type) ?? null;

/** The fields a visitor fills in. */
export const visibleFields = (form: FormDeclaration) => form.fields.filter((f) => f.control !== "hidden");

/** The hidden fields the form itself carries (those without a `value`, which the body's builder fills in). */
export const carriedFields = (form: FormDeclaration) => form.fields.filter((f) => f.control === "hidden" && !f.value);

/** The body of a lead (spec §3, §7): every kind but the comment, whose body is a CommentPayload. */
export interface LeadPayload {
  type: string;
  name: string;
  email: string;
  phone: string;
  info: string;
}

export interface CommentPayload {
  type: string;
  name: string;
  email: string;
  comment: string;
  url: string;
}

/** A form's values: each field's text, by its name. */
export type FormValues = Record<string, string>;

/**
 * What the browser says of each visible field before a send (spec §5), in the form's own words: missing when
 * empty and required, invalid when its test fails and the form has a message for that. The endpoint applies the
 * same declaration, and the rest of it (lead-rules.ts).
 */
export function validateForm(form: FormDeclaration, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const context: RuleContext = { origins: [], openings: [] };
  for (const field of visibleFields(form)) {
    const value = (values[field.name] ?? "").trim();
    if (!value) {
      if (field.required && field.messages) errors[field.name] = field.messages.missing;
    } else if (field.messages?.invalid && field.test && !field.test.ok(value, context))
      errors[field.name] = field.messages.invalid;
  }
  return errors;
}

/** The phone as sent: dial code followed by the digits, or empty when no number was given. */
export const fullPhone = (dialCode: string, digitsTyped: string): string =>
  digitsTyped ? `${dialCode}${digitsTyped}` : "";

/**
 * The JSON body the site's script sends (spec §3, §7): the form's type, each field trimmed, the phone after its
 * dial code, what the form carries hidden (`carried`: a webinar's title, a post's address) and what the declaration
 * fills in.
 */
export function payloadOf(
  form: FormDeclaration,
  values: FormValues,
  { labels, dialCode = "", carried = {} }: { labels: FormLabels; dialCode?: string; carried?: FormValues },
): Record<string, string> {
  const body: Record<string, string> = { type: labels[form.kind] };
  for (const field of form.fields) {
    if (field.value) body[field.name] = field.value(labels);
    else if (field.control === "hidden") body[field.name] = carried[field.name] ?? "";
    else if (field.control === "phone") body[field.name] = fullPhone(dialCode, (values[field.name] ?? "").trim());
    else body[field.name] = (values[field.name] ?? "").trim();
  }
  return body;
}

/** A post's path: /blog/<slug>, or /blog/old-posts/<slug> for the old posts (spec §2). */
export const POST_PATH = /^\/blog\/(old-posts\/)?[a-z0-9][a-z0-9-]{0,150}$/;

/** Whether a page's address is a post that shows the comment form: any post not under /blog/old-posts/ (spec §2). */
export function showsComments(url: string): boolean {
  try {
    const path = new URL(url).pathname;
    return POST_PATH.test(path) && !path.startsWith("/blog/old-posts/");
  } catch {
    return false;
  }
}

/** Whether a URL is a page of one of the site's origins. */
export function onSite(url: string, origins: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && origins.includes(parsed.origin);
  } catch {
    return false;
  }
}

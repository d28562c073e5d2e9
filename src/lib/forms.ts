// Each form of the site declared once, as data (spec §3, §5, §7, §8; the job application, issue 36): its fields in
// the order they are checked, their labels, controls, limits and required-ness, the spec's messages word for word,
// what travels hidden, its button and the page it goes on to. From it come the rules the endpoint and the browser
// share (lead-rules.ts), the body the site's script sends (`payloadOf`), the body of a form the browser posts itself
// (form-post.ts), the React forms' fields (src/components/forms/form-fields.tsx, the newsletter's one-line form too)
// and the page that answers a form sent without script (src/server/form-pages.tsx), with what that page says of a
// field or a file the form's own. So does what the server does with each kind: whether it asks for the captcha, its
// Salesforce Web-to-Lead fields, its mail's subject, the store's columns, the CSV export's columns and the CV's
// wording. Adding a field to a form is one edit here; words all forms share are messages.ts's.
import { DEFAULT_COUNTRY } from "./constants";
import { CV_ACCEPT, CV_KINDS_IN_WORDS, CV_MAX_BYTES, sizeInWords } from "./cv-file";
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
/** The columns of the submissions table a field can fill besides the submission's `fields` (store/submissions.ts). */
export type StoredColumn = "name" | "email" | "phone" | "message" | "page_url";

export interface FormField<N extends string = string> {
  /** the name it is posted, sent and stored under: the spec's JSON name */
  name: N;
  /** "choice": one of `choices` (radio buttons); "choices": any of them (check boxes): a campaign's questions */
  control: "text" | "email" | "url" | "textarea" | "phone" | "hidden" | "choice" | "choices";
  /** what a visitor chooses from, for a choice */
  choices?: readonly string[];
  /** what a visitor reads beside it; none for a hidden field */
  label?: string;
  /** an example of what it holds, shown in it while it is empty */
  placeholder?: string;
  /** what it holds, in a visitor's words, for the page that asks to fix it */
  noun: string;
  autoComplete?: string;
  /** the most characters it holds (the endpoint counts after line breaks are made one character) */
  max: number;
  required: boolean;
  test?: FieldTest;
  /** the form's messages, word for word: when it is empty, and when `test` fails (the browser applies it then) */
  messages?: { missing: string; invalid?: string };
  /**
   * What the page that answers a form sent without script says when `test` fails (src/server/form-pages.tsx);
   * without it, a sentence made of its noun. `alone`: that page, for any problem of it, without the form, in which a
   * visitor could not fix it (a hidden field the page gave).
   */
  unfit?: { title: string; text: string; alone?: boolean };
  /** the value of a hidden field the body builder fills in */
  value?: (labels: FormLabels) => string;
  /** a hidden field of the page's own address: its path in the form, the full address in the body */
  page?: boolean;
  /**
   * the column it is kept in besides the submission's `fields`, which `list` shows and the export has already;
   * every other field the visitor or the page gives is a column of its own in the CSV export (`exportFields`)
   */
  column?: StoredColumn;
  /** the Web-to-Lead fields it fills, for a kind that is a lead in Salesforce (src/lib/web-to-lead.ts) */
  salesforce?: readonly string[];
}

/** A file a form sends beside its fields: the job application's CV (its checks are src/lib/cv-file.ts). */
export interface FormFile {
  name: string;
  label: string;
  hint: string;
  accept: string;
  noun: string;
  /** the kinds it may be, in words ("PDF, Word (DOCX) or OpenDocument (ODT)") */
  kinds: string;
  /** what the form and the no-script page say of it: none chosen, empty, too large, not one of its kinds */
  messages: {
    missing: string;
    empty: string;
    tooLarge: (size: number) => string;
    wrongKind: string;
    /** why a file named as one of its kinds was refused: its bytes */
    byBytes: string;
  };
  /**
   * What the page that answers a form sent without script says of it (src/server/form-pages.tsx): that it must be
   * chosen again, which a browser never does for a page; none chosen and too large, with its `limit` in words; not
   * one of its kinds; and one sent once too often without the captcha today, with the `wait` in words.
   */
  page: {
    again: string;
    missing: (limit: string) => string;
    tooLarge: { title: string; text: (limit: string) => string };
    wrongKind: { title: string; text: string };
    withoutScript: { title: string; text: (wait: string) => string };
  };
}

export interface FormDeclaration<K extends LeadKind = LeadKind, N extends string = string> {
  kind: K;
  /** the form's accessible name */
  label: string;
  fields: readonly FormField<N>[];
  file?: FormFile;
  /**
   * It asks for reCAPTCHA before a send (spec §4's contact form, those whose visitor gets a mail, and the
   * application: issue 36), so that nobody can have the site mail a stranger or fill the file store; comments are
   * moderated instead. Without script it is stored marked as sent without it (src/server/lead-check.ts).
   */
  captcha: boolean;
  /** It is a lead in Salesforce, posted to Web-to-Lead with its fields' `salesforce` names (spec §3). */
  salesforce: boolean;
  /** the subject of the mail the company gets of it (src/server/sinks/email.ts) */
  subject: string;
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
  /** the label of the box that keeps a visitor's name and e-mail in this browser for next time (spec §5's comments) */
  remember?: string;
}

export const LIMITS = { name: 100, email: 254, message: 5_000, info: 300, phone: 20, url: 2_000, note: 1_000 } as const;

const digits: FieldTest = { ok: (v) => /^\d*$/.test(v), must: "must contain digits only" };
const literalNull: FieldTest = { ok: (v) => v === "null", must: 'must be the text "null"' };
const emailTest: FieldTest = { ok: isEmail, must: "must be an email address" };
const emailUnfit = {
  title: "Please check your email address",
  text: "That does not look like an email address: it should look like name@company.com, with no spaces.",
};

const name: FormField<"name"> = {
  name: "name",
  control: "text",
  label: "Name",
  noun: "your name",
  autoComplete: "name",
  max: LIMITS.name,
  required: true,
  messages: { missing: MESSAGES.required },
  column: "name",
  salesforce: ["first_name"],
};
const email = (label: string, messages: FormField["messages"]): FormField<"email"> => ({
  name: "email",
  control: "email",
  label,
  noun: "your email address",
  autoComplete: "email",
  max: LIMITS.email,
  required: true,
  test: emailTest,
  messages,
  unfit: emailUnfit,
  column: "email",
  salesforce: ["email"],
});
const phone = (required: boolean): FormField<"phone"> => ({
  name: "phone",
  control: "phone",
  label: "Phone",
  noun: "your phone number",
  max: LIMITS.phone,
  required,
  test: digits,
  messages: { missing: MESSAGES.required },
  unfit: {
    title: "Please check your phone number",
    text: `A phone number holds digits only (spaces and dashes are fine). The country code in front of it is +${DEFAULT_COUNTRY.code}; for another country, start the number with + and its code, like +44 20 7946 0000.`,
  },
  column: "phone",
  salesforce: ["phone"],
});
const hidden = <N extends string>(
  field: Omit<FormField, "name" | "control" | "required"> & { name: N; required?: boolean },
  // its name is the one it is given, whatever the list it goes in expects
): FormField<NoInfer<N>> => ({
  control: "hidden",
  required: true,
  ...field,
});
/** Why a file named as a CV's kind can still be refused (the job application's CV). */
const byBytes = "a file is known by what is inside it, not by its name";
/** A lead's note in Salesforce (spec §3: Note__c). */
const NOTE = ["Note__c"];
const contactEmail = { missing: MESSAGES.required, invalid: MESSAGES.invalidEmail };

/** Every form, by kind; FORMS is its view for code that reads any kind. */
const DECLARED = {
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
        column: "message",
        salesforce: NOTE,
      },
    ],
    captcha: true,
    salesforce: true,
    subject: "New enquiry from the website",
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
      hidden({
        name: "info",
        noun: "the webinar this registration is for",
        max: LIMITS.info,
        column: "message",
        salesforce: NOTE,
      }),
    ],
    captcha: true,
    salesforce: true,
    subject: "New webinar registration",
    submit: { idle: "Register free", sending: "Registering…" },
    received: "/webinar-Success-email",
    showErrors: "on-submit",
  },
  newsletter: {
    kind: "newsletter",
    label: "Newsletter",
    fields: [
      // spec §3: a subscriber's first_name in Salesforce is the e-mail address
      {
        ...email("Email address", { missing: MESSAGES.newsletterEmpty, invalid: MESSAGES.newsletterInvalid }),
        placeholder: "you@company.com",
        salesforce: ["email", "first_name"],
      },
      // spec §7: the newsletter's body has name and phone as the text "null", and its label as info; none is kept in
      // a column, and Salesforce gets no phone
      hidden({ name: "name", noun: "your name", max: 4, test: literalNull, value: () => "null" }),
      hidden({ name: "phone", noun: "your phone number", max: 4, test: literalNull, value: () => "null" }),
      hidden({
        name: "info",
        noun: "the newsletter",
        max: LIMITS.info,
        value: (labels) => labels.newsletter,
        salesforce: NOTE,
      }),
    ],
    captcha: true,
    salesforce: true,
    subject: "New newsletter subscriber",
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
        // a page older than the last change of the openings: nothing in the form can put it right
        unfit: {
          title: "This opening is no longer listed",
          text: "Nothing was sent. Please choose an opening on our careers page and apply there.",
          alone: true,
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
        column: "message",
      },
    ],
    file: {
      name: "cv",
      label: "Your CV",
      // a no-break space: "4 MB" never splits across lines
      hint: `${CV_KINDS_IN_WORDS}, at most ${sizeInWords(CV_MAX_BYTES).replace(" ", "\u00a0")}`,
      accept: CV_ACCEPT,
      noun: "your CV",
      kinds: CV_KINDS_IN_WORDS,
      messages: {
        missing: "Please attach your CV",
        empty: "This file is empty: please choose your CV",
        tooLarge: (size: number) =>
          `This file is ${sizeInWords(size)}; a CV can be at most ${sizeInWords(CV_MAX_BYTES)}. Please choose a smaller file (a PDF export is usually well under 1 MB).`,
        wrongKind: `A CV must be a ${CV_KINDS_IN_WORDS} file`,
        byBytes,
      },
      page: {
        again: "Your browser cannot keep a chosen file when a page is sent back, so please choose your CV again.",
        missing: (limit) => `Your CV is required: a ${CV_KINDS_IN_WORDS} file of at most ${limit}.`,
        tooLarge: {
          title: "Please choose a smaller CV",
          text: (limit) =>
            `The file you chose is larger than ${limit}, the most a CV can be, so nothing was sent. A PDF export of a CV is usually well under 1 MB.`,
        },
        wrongKind: {
          title: "Please choose your CV again",
          text: `The file you chose is not a ${CV_KINDS_IN_WORDS} document (${byBytes}), so nothing was sent.`,
        },
        // the CVs a connection may send without the captcha (src/server/lead-handler.ts): with script the form solves it
        withoutScript: {
          title: "Please turn on JavaScript to send your CV",
          text: (wait) =>
            `Several applications with a CV were sent from your connection today without JavaScript, which our spam check needs, so this one was not sent. Turn JavaScript on in your browser and apply again on our careers page, or send this form again in ${wait}.`,
        },
      },
    },
    captcha: true,
    salesforce: false,
    subject: "New job application",
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
        column: "message",
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
        column: "page_url",
      }),
    ],
    captcha: false,
    salesforce: false,
    subject: "A comment to approve",
    submit: { idle: "Post comment", sending: "Posting…" },
    received: "/comment-received",
    showErrors: "on-submit",
    browserChecks: true,
    remember: "Save my name and email in this browser for the next time I comment",
  },
} as const satisfies { [K in LeadKind]: FormDeclaration<K> };

/** The names of a kind's fields, as declared. */
export type FieldName<K extends LeadKind> = (typeof DECLARED)[K]["fields"][number]["name"];
/** The parts a kind may declare or not, which its type says it has or has not. */
type OptionalPart = "file" | "remember";
type Declared<K extends LeadKind, P extends OptionalPart> =
  (typeof DECLARED)[K] extends Record<P, unknown> ? Required<Pick<FormDeclaration, P>> : { [Q in P]?: undefined };
/** One kind's form, its fields' names known, and whether it sends a file or offers to remember its visitor. */
export type Form<K extends LeadKind = LeadKind> = K extends LeadKind
  ? Omit<FormDeclaration<K, FieldName<K>>, OptionalPart> & Declared<K, "file"> & Declared<K, "remember">
  : never;
/** Any kind's form: `form.kind` tells which. */
export type AnyForm = Form<LeadKind>;
/**
 * A body of this kind (spec §3, §7) as the site's script sends it: its form's `type` label and a text for each field
 * it declares, what the kind's rules read and give (lead-rules.ts).
 */
export type Payload<K extends LeadKind = LeadKind> = K extends LeadKind
  ? { type: string } & { [N in FieldName<K>]: string }
  : never;

/** Every form, by kind. */
export const FORMS: { [K in LeadKind]: Form<K> } = DECLARED;

export const LEAD_KINDS = Object.keys(FORMS) as LeadKind[];

/** The kinds that ask for the captcha. */
export const captchaKinds = (): LeadKind[] => LEAD_KINDS.filter((kind) => FORMS[kind].captcha);

/** The kinds that are leads in Salesforce (a comment and an application are not). */
export const salesforceKinds = (): LeadKind[] => LEAD_KINDS.filter((kind) => FORMS[kind].salesforce);

/**
 * The Web-to-Lead fields of a lead of this kind, from what it holds (spec §3): each field's `salesforce` names; a
 * name another Salesforce kind fills and this one does not is sent empty, so every lead has the same fields.
 */
export function salesforceFields(kind: LeadKind, fields: Readonly<Record<string, string>>): Record<string, string> {
  const mapped: Record<string, string> = Object.fromEntries(salesforceNames().map((name) => [name, ""]));
  for (const field of FORMS[kind].fields)
    for (const name of field.salesforce ?? []) mapped[name] = fields[field.name] ?? "";
  return mapped;
}

/** Every Web-to-Lead field a Salesforce kind fills, in the order the forms declare them (docs/store.md#salesforce). */
export const salesforceNames = (): string[] => [
  ...new Set(salesforceKinds().flatMap((kind) => FORMS[kind].fields.flatMap((field) => field.salesforce ?? []))),
];

/** The columns of the submissions table a lead of this kind fills, from its fields; "" where none fills one. */
export function columnsOf(kind: LeadKind, fields: Readonly<Record<string, string>>): Record<StoredColumn, string> {
  const columns: Record<StoredColumn, string> = { name: "", email: "", phone: "", message: "", page_url: "" };
  for (const field of FORMS[kind].fields) if (field.column) columns[field.column] = fields[field.name] ?? "";
  return columns;
}

/**
 * The columns of the CSV export that come from the forms' fields, beside the stored columns: each field a visitor
 * types or the page carries that no column holds (an opening, a link), and a form's file (its name as filed), once
 * each, in the forms' order.
 */
export const exportFields = (): string[] => [
  ...new Set(
    LEAD_KINDS.map((kind): FormDeclaration => FORMS[kind]).flatMap(({ fields, file }) => [
      ...fields.filter((f) => !f.column && !f.value).map((f) => f.name),
      ...(file ? [file.name] : []),
    ]),
  ),
];

/** The kind of form a body's `type` names (its label, spec §7), or null. */
export const kindOfType = (type: unknown, labels: FormLabels): LeadKind | null =>
  LEAD_KINDS.find((kind) => labels[kind] === type) ?? null;

/** The fields a visitor fills in. */
export const visibleFields = (form: FormDeclaration) => form.fields.filter((f) => f.control !== "hidden");

/** The hidden fields the form itself carries (those without a `value`, which the body's builder fills in). */
export const carriedFields = (form: FormDeclaration) => form.fields.filter((f) => f.control === "hidden" && !f.value);

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
export function payloadOf<F extends AnyForm>(
  form: F,
  values: FormValues,
  { labels, dialCode = "", carried = {} }: { labels: FormLabels; dialCode?: string; carried?: FormValues },
): Payload<F["kind"]> {
  const body: Record<string, string> = { type: labels[form.kind] };
  for (const field of form.fields) {
    if (field.value) body[field.name] = field.value(labels);
    else if (field.control === "hidden") body[field.name] = carried[field.name] ?? "";
    else if (field.control === "phone") body[field.name] = fullPhone(dialCode, (values[field.name] ?? "").trim());
    else body[field.name] = (values[field.name] ?? "").trim();
  }
  // every declared field is set above: the body its kind's rules read (lead-rules.ts)
  return body as Payload<F["kind"]>;
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

import { DEFAULT_COUNTRY } from "../lib/constants";
import { CV_ACCEPT, CV_MAX_BYTES, sizeInWords } from "../lib/cv-file";
import { DIAL_FIELD, RECEIVED_PATHS, type FormValues } from "../lib/form-post";
import type { FieldProblem, LeadKind } from "../lib/lead-rules";
import { escapeHtml, htmlPage, pageHeaders } from "./html-page";
import { MAX_BODY_BYTES, type Incoming, type Outcome } from "./lead-read";

// The pages the endpoint answers a form sent without script with, when it cannot take it: the field to fix, in
// words, and the form again with everything that was typed, posting again to the same address.

export { escapeHtml };

/** Their policy (html-page.ts): the referrer policy still sends the page's origin with its form, which is checked. */
export const FORM_PAGE_HEADERS = pageHeaders("same-origin");

interface FieldView {
  name: string;
  label: string;
  /** what the field holds, as a visitor says it */
  noun: string;
  multiline?: boolean;
  optional?: boolean;
  type?: "email" | "tel" | "url" | "file";
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

/** A file cannot be given back: a browser never lets a page choose a file for its visitor. */
const FILE_AGAIN = "Your browser cannot keep a chosen file when a page is sent back, so please choose your CV again.";

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
  application: [
    nameField,
    emailField("Email"),
    { ...phoneField, optional: false },
    {
      name: "link",
      label: "LinkedIn or portfolio",
      noun: "the address of your LinkedIn profile or portfolio",
      optional: true,
      type: "url",
    },
    { name: "info", label: "A short note", noun: "your note", multiline: true, optional: true },
    {
      name: "cv",
      label: `Your CV (PDF, DOCX or ODT, at most ${sizeInWords(CV_MAX_BYTES)})`,
      noun: "your CV",
      type: "file",
    },
  ],
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
  application: ["type", "opening"],
};

/** The endpoint's field names that are not fields a visitor sees, in a visitor's words. */
const OTHER_NOUNS: Record<string, string> = {
  url: "the address of the post this comment is for",
  info: "the webinar this registration is for",
  captcha: "the spam check",
  opening: "the opening you are applying for",
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
  if (field === "cv") return explainCv(problem, max);
  if (problem === "missing") return { title: `Please enter ${noun}`, text: `${capital(noun)} is required.` };
  if (problem === "unreadable")
    return {
      title: `Please check ${noun}`,
      text: `${capital(noun)} holds a character that cannot be saved (an invisible or broken character, often pasted from another program, shown as \uFFFD below). Please remove it and send again.`,
    };
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

/** What is wrong with an application's CV, and what to do: the limit, or the kinds, in words. */
function explainCv(problem: FieldProblem | undefined, max?: number): { title: string; text: string } {
  const limit = sizeInWords(max ?? CV_MAX_BYTES);
  if (problem === "missing")
    return {
      title: "Please attach your CV",
      text: `Your CV is required: a PDF, Word (DOCX) or OpenDocument (ODT) file of at most ${limit}.`,
    };
  if (problem === "long")
    return {
      title: "Please choose a smaller CV",
      text: `The file you chose is larger than ${limit}, the most a CV can be, so nothing was sent. A PDF export of a CV is usually well under 1 MB.`,
    };
  return {
    title: "Please choose your CV again",
    text: "The file you chose is not a PDF, Word (DOCX) or OpenDocument (ODT) document (a file is known by what is inside it, not by its name), so nothing was sent.",
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function fieldHtml(view: FieldView, values: FormValues, invalid: boolean): string {
  const id = `field-${view.name}`;
  const marks = invalid ? ' aria-invalid="true" aria-describedby="problem" autofocus' : "";
  const label = `<label for="${id}">${view.label}${view.optional ? ' <span class="optional">(optional)</span>' : ""}</label>`;
  if (view.type === "file")
    return `${label}<p class="optional" id="${id}-again">${FILE_AGAIN}</p><input id="${id}" name="${view.name}" type="file" accept="${escapeHtml(CV_ACCEPT)}" aria-describedby="${invalid ? "problem " : ""}${id}-again"${invalid ? ' aria-invalid="true" autofocus' : ""}>`;
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
  application: "Send application",
};

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
  const upload = VISIBLE[kind].some((view) => view.type === "file");
  const kept = upload
    ? "Nothing you typed is lost: it is all below, but the file you chose must be chosen again."
    : "Nothing you typed is lost: it is all below.";
  return htmlPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p id="problem" class="problem">${escapeHtml(said)}</p><p>${kept}</p><form method="post"${upload ? ' enctype="multipart/form-data"' : ""}>${hidden}${fields}<button type="submit">${SUBMIT[kind]}</button></form><p><a href="${escapeHtml(home)}">Back to the site</a></p>`,
    home,
  );
}

/** A page without a form: what went wrong and the way back (a body too large, another site's form). */
export function messagePage(title: string, said: string, home: string): string {
  return htmlPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="problem">${escapeHtml(said)}</p><p><a href="${escapeHtml(home)}">Back to the site</a></p>`,
    home,
  );
}

/** The largest body the endpoint takes, in KB, as the page about a form too long says it. */
const MAX_KB = MAX_BODY_BYTES / 1024;

const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60).toLocaleString("en-US")} minutes`;

/**
 * The answer to a form sent without script: once stored, 303 See Other to the page that says it was received (the
 * address holds nothing that was typed); otherwise a page of the site's look that says what to do, with the form
 * again as it was typed when there is one to send again. Addresses are on the configured origin the form was sent
 * from, or relative to this endpoint: never on the Host a request names.
 */
export function formAnswer(outcome: Outcome, incoming: Incoming): { status: number; location?: string; html: string } {
  const home = `${incoming.site ?? ""}/`;
  if (outcome.status === 200) {
    const location = `${incoming.site ?? ""}${RECEIVED_PATHS[incoming.kind ?? "contact"]}`;
    return { status: 303, location, html: messagePage("Received", "Your form was received.", location) };
  }
  const { kind, values } = incoming;
  const again = (title: string, text: string, marked?: string) =>
    kind && values ? formPage({ kind, values, title, text, field: marked, home }) : messagePage(title, text, home);
  switch (outcome.status) {
    case 400: {
      if (!kind || outcome.field === "body" || outcome.field === "type")
        return { status: 400, html: messagePage("This form could not be read", "Nothing was sent.", home) };
      // the opening travels hidden: one no longer listed (a page older than the last change of the openings)
      if (outcome.field === "opening")
        return {
          status: 400,
          html: messagePage(
            "This opening is no longer listed",
            "Nothing was sent. Please choose an opening on our careers page and apply there.",
            home,
          ),
        };
      const { title, text: said } = explainField(kind, outcome.field, outcome.problem, outcome.max);
      return { status: 400, html: again(title, said, outcome.field) };
    }
    case 413:
      // the CV over its limit: the form again, the file to choose anew
      if (outcome.field === "cv") {
        const { title, text: said } = explainCv(outcome.problem, outcome.max);
        return { status: 413, html: again(title, said, "cv") };
      }
      return {
        status: 413,
        html: messagePage(
          "This form is too long to send",
          outcome.max
            ? `It holds more than ${sizeInWords(outcome.max)}, so nothing was sent; a CV can be at most ${sizeInWords(CV_MAX_BYTES)}. Go back with your browser's Back button, where what you typed is still in the form, choose a smaller file and send it again.`
            : `It holds more than ${MAX_KB} KB, so nothing was sent. Go back with your browser's Back button, where what you typed is still in the form, shorten your message and send it again.`,
          home,
        ),
      };
    case 429: {
      const wait = inWords(Number(outcome.headers?.["Retry-After"] ?? 60));
      return {
        status: 429,
        html: again(
          "Please wait a moment",
          `Many forms were sent from your connection in a short time, so this one was not sent. Please send it again in ${wait}.`,
        ),
      };
    }
    case 503:
      return {
        status: 503,
        html: again(
          "Please try again shortly",
          "Your form could not be saved just now, so nothing was sent. Please send it again in a minute.",
        ),
      };
    default:
      return {
        status: outcome.status,
        html: messagePage(
          "This form cannot be sent from here",
          "Nothing was sent. Please use the form on our site.",
          home,
        ),
      };
  }
}

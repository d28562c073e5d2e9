import React from "react";
import { DEFAULT_COUNTRY } from "../lib/constants";
import { CV_MAX_BYTES, sizeInWords } from "../lib/cv-file";
import { DIAL_FIELD, type PostedForm } from "../lib/form-post";
import { carriedFields, FORMS, type AnyForm, type FormFile, type LeadKind } from "../lib/forms";
import { CAMPAIGN_FIELD, campaignForm, QUESTION_FIELD, type CampaignFacts } from "../lib/campaign-form";
import type { FieldProblem } from "../lib/lead-rules";
import {
  errorProps,
  FileField,
  FormFields,
  Optional,
  phoneInputProps,
  type FieldClasses,
  type PhoneControl,
} from "../components/forms/form-fields";
import { MAX_BODY_BYTES, type Incoming, type Outcome } from "./lead-read";
import { pageCameFrom, pageHeaders, PageShell, renderPage } from "./page-shell";
import { LIMITED } from "./rate-limit";

// The pages the endpoint answers a form sent without script with, when it cannot take it: the field to fix, in
// words, and the form again with everything that was typed, posting again to the same address. What they say of a
// form's own field or file is its declaration's (src/lib/forms.ts: `unfit`, `file.page`); the words here are those
// of any form.

/** Their policy (page-shell.tsx): the referrer policy still sends the page's origin with its form, which is checked. */
export const FORM_PAGE_HEADERS = pageHeaders("same-origin");

/** What a field holds, as a visitor says it: its declaration's noun, or the spam check's. */
function nounOf(kind: LeadKind, field: string): string {
  const form = FORMS[kind];
  if (field === "captcha") return "the spam check";
  return (
    form.fields.find((f) => f.name === field)?.noun ??
    (form.file?.name === field ? form.file.noun : undefined) ??
    `the field "${field}"`
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a page says: its title and what to do; `alone`, without the form (its field cannot be fixed there). */
interface Explained {
  title: string;
  text: string;
  alone?: boolean;
}

/** The field to fix, said as a visitor would understand it. */
export function explainField(
  kind: LeadKind,
  field: string,
  problem: FieldProblem | undefined,
  max?: number,
): Explained {
  const noun = nounOf(kind, field);
  const { fields, file } = FORMS[kind];
  if (field === file?.name) return explainFile(file, problem, max);
  const unfit = fields.find((f) => f.name === field)?.unfit;
  if (unfit?.alone) return unfit;
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
  if (unfit) return unfit;
  if (field === "captcha")
    return { title: "Please try again", text: "The spam check did not pass. Send the form again below." };
  return { title: `Please check ${noun}`, text: `${capital(noun)} is not what this form expects.` };
}

/** The question a field of a campaign's form asks, by its name (q1 …), if the campaign asks it. */
const questionOf = (campaign: CampaignFacts, field: string) => campaign.questions[Number(field.slice(1)) - 1] ?? null;

/** What is wrong with an answer to a campaign's question, and what to do. */
function explainQuestion(question: CampaignFacts["questions"][number], problem: FieldProblem | undefined): Explained {
  if (problem === "missing")
    return { title: "Please answer the question", text: `"${question.question}" needs an answer.` };
  if (problem === "long")
    return { title: "Please shorten your answer", text: `Your answer to "${question.question}" is too long.` };
  return {
    title: "Please check your answer",
    text: question.choices?.length
      ? `"${question.question}" takes ${question.answer === "one choice" ? "one" : "any"} of: ${question.choices.join(", ")}.`
      : `Your answer to "${question.question}" is not what this form expects.`,
  };
}

/** What is wrong with a form's file (an application's CV), and what to do, in the declaration's words. */
function explainFile(file: FormFile, problem: FieldProblem | undefined, max?: number): Explained {
  const limit = sizeInWords(max ?? CV_MAX_BYTES);
  if (problem === "missing") return { title: file.messages.missing, text: file.page.missing(limit) };
  if (problem === "long") return { title: file.page.tooLarge.title, text: file.page.tooLarge.text(limit) };
  return file.page.wrongKind;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The class names the fields take on this page; its stylesheet is page-shell.tsx's. */
const CLASSES: FieldClasses = { optional: "optional", error: "error", hint: "optional" };

/** The phone without script: the dial code to type (the country list needs script), then the number. */
function Phone({ id, field, value, problemId, dial }: PhoneControl & { dial: string }) {
  return (
    <div>
      <label htmlFor={id}>
        {field.label}
        <Optional field={field} classes={CLASSES} />
      </label>
      <div className="phone">
        <input
          className="dial"
          name={DIAL_FIELD}
          aria-label="Country code"
          inputMode="numeric"
          maxLength={4}
          defaultValue={dial}
          aria-describedby={problemId}
        />
        <input id={id} {...phoneInputProps(field)} defaultValue={value} {...errorProps(id, undefined, { problemId })} />
      </div>
    </div>
  );
}

export interface FormPageProps {
  kind: LeadKind;
  /** the campaign the form was sent from, whose questions it asks again */
  campaign?: CampaignFacts;
  values: PostedForm;
  title: string;
  text: string;
  /** the field to mark, when one is at fault */
  field?: string;
  /** the site's home page, for the way back */
  home: string;
  /** the page of the site the form was sent from, for the way back to it */
  from?: string;
}

/**
 * The form again, with what was typed, the problem said above it and beside its field: the fields the site's form
 * draws (src/components/forms/form-fields.tsx) from the same declaration. It posts to the address it came from: the
 * endpoint.
 */
export function FormPage({ kind, campaign, values, title, text: said, field, home, from }: FormPageProps) {
  const form: AnyForm = campaign ? campaignForm(FORMS[kind], campaign, campaign.button) : FORMS[kind];
  const typed = Object.fromEntries(form.fields.map(({ name }) => [name, text(values[name])]));
  const id = "field";
  const problem = field ? { field, id: "problem" } : undefined;
  return (
    <PageShell title={title} home={home} from={from}>
      <h1>{title}</h1>
      <p id="problem" className="problem">
        {said}
      </p>
      <p>
        {form.file
          ? "Nothing you typed is lost: it is all below, but the file you chose must be chosen again."
          : "Nothing you typed is lost: it is all below."}
      </p>
      <form method="post" encType={form.file ? "multipart/form-data" : undefined}>
        <input type="hidden" name="type" value={text(values.type)} />
        {carriedFields(form).map(({ name }) => (
          <input key={name} type="hidden" name={name} value={typed[name]} />
        ))}
        <FormFields
          form={form}
          id={id}
          values={typed}
          errors={{}}
          classes={CLASSES}
          problem={problem}
          phone={(control) => <Phone {...control} dial={text(values[DIAL_FIELD]) || DEFAULT_COUNTRY.code} />}
        />
        {form.file && (
          <FileField
            id={`${id}-${form.file.name}`}
            file={form.file}
            classes={CLASSES}
            note={form.file.page.again}
            problemId={field === form.file.name ? "problem" : undefined}
          />
        )}
        <button type="submit">{form.submit.idle}</button>
      </form>
    </PageShell>
  );
}

/** A page without a form: what went wrong (a body too large, another site's form, a rate limit), and the way back. */
export function MessagePage({
  title,
  text: said,
  home,
  from,
}: {
  title: string;
  text: string;
  home: string;
  from?: string;
}) {
  return (
    <PageShell title={title} home={home} from={from}>
      <h1>{title}</h1>
      <p className="problem">{said}</p>
    </PageShell>
  );
}

const formPage = (props: FormPageProps) => renderPage(<FormPage {...props} />);
export const messagePage = (title: string, said: string, home: string, from?: string) =>
  renderPage(<MessagePage title={title} text={said} home={home} from={from} />);

/** The largest body the endpoint takes, in KB, as the page about a form too long says it. */
const MAX_KB = MAX_BODY_BYTES / 1024;

const inWords = (seconds: number) =>
  seconds < 90
    ? `${seconds} seconds`
    : seconds < 90 * 60
      ? `${Math.ceil(seconds / 60).toLocaleString("en-US")} minutes`
      : `${Math.ceil(seconds / 3600).toLocaleString("en-US")} hours`;

/**
 * The answer to a form sent without script: once stored, 303 See Other to the page that says it was received (the
 * address holds nothing that was typed); otherwise a page of the site's look that says what to do, with the form
 * again as it was typed when there is one to send again. Addresses are on the configured origin the form was sent
 * from, or relative to this endpoint: never on the Host a request names.
 */
export function formAnswer(
  outcome: Outcome,
  incoming: Incoming,
  campaigns: readonly CampaignFacts[] = [],
): { status: number; location?: string; html: string } {
  const home = `${incoming.site ?? ""}/`;
  // a campaign's form: its questions asked again, and on to its own received page (issue 61)
  const campaign = campaigns.find((c) => c.path === incoming.values?.[CAMPAIGN_FIELD] && c.form === incoming.kind);
  const path = pageCameFrom(incoming.referer, incoming.site);
  const from = path && `${incoming.site}${path}`;
  if (outcome.status === 200) {
    const location = `${incoming.site ?? ""}${campaign?.received ?? FORMS[incoming.kind ?? "contact"].received}`;
    return { status: 303, location, html: messagePage("Received", "Your form was received.", location) };
  }
  const { kind, values } = incoming;
  const file = kind ? FORMS[kind].file : undefined;
  const again = (title: string, text: string, marked?: string) =>
    kind && values
      ? formPage({ kind, campaign, values, title, text, field: marked, home, from })
      : messagePage(title, text, home, from);
  switch (outcome.status) {
    case 400: {
      if (!kind || outcome.field === "body" || outcome.field === "type")
        return { status: 400, html: messagePage("This form could not be read", "Nothing was sent.", home, from) };
      const question = campaign && QUESTION_FIELD.test(outcome.field) ? questionOf(campaign, outcome.field) : null;
      if (campaign && outcome.field === CAMPAIGN_FIELD)
        return {
          status: 400,
          html: messagePage(
            "This campaign has ended",
            "Nothing was sent. Please use the form on our site.",
            home,
            from,
          ),
        };
      const {
        title,
        text: said,
        alone,
      } = question
        ? explainQuestion(question, outcome.problem)
        : explainField(kind, outcome.field, outcome.problem, outcome.max);
      return { status: 400, html: alone ? messagePage(title, said, home, from) : again(title, said, outcome.field) };
    }
    case 413: {
      // a form's file over its limit: the form again, the file to choose anew
      if (file && outcome.field === file.name) {
        const { title, text: said } = explainFile(file, outcome.problem, outcome.max);
        return { status: 413, html: again(title, said, file.name) };
      }
      return {
        status: 413,
        html: messagePage(
          "This form is too long to send",
          outcome.max
            ? `It holds more than ${sizeInWords(outcome.max)}, so nothing was sent; a CV can be at most ${sizeInWords(CV_MAX_BYTES)}. Go back with your browser's Back button, where what you typed is still in the form, choose a smaller file and send it again.`
            : `It holds more than ${MAX_KB} KB, so nothing was sent. Go back with your browser's Back button, where what you typed is still in the form, shorten your message and send it again.`,
          home,
          from,
        ),
      };
    }
    case 429: {
      const wait = inWords(Number(outcome.headers?.["Retry-After"] ?? 60));
      // the files a connection may send without the captcha (lead-handler.ts): with script the form solves it
      if (file && outcome.field === "captcha") {
        const { title, text: said } = file.page.withoutScript;
        return { status: 429, html: again(title, said(wait), file.name) };
      }
      return {
        status: 429,
        html: again(
          LIMITED.title,
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
          from,
        ),
      };
  }
}

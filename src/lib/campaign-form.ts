// A campaign's form (issue 61): one of the site's forms (forms.ts) with the campaign's own questions after its fields,
// and the campaign's page carried hidden. The questions become fields of the form's declaration, so that the
// site's form, the page that answers a form sent without script and the browser's checks draw and check them as
// they do any field; the endpoint checks the answers against the campaign's own file (src/server/campaign-files.ts),
// never against what the page sent, and keeps them as one text, a line a question, with the submission.
import type { CampaignForm, CampaignQuestion } from "./content-model";
import { LIMITS, type AnyForm, type FormDeclaration, type FormField, type FormValues, type LeadKind } from "./forms";
import { MESSAGES } from "./messages";
import { stripControl } from "./validation";

/** The hidden field that names the campaign a form was sent from: its page's path. */
export const CAMPAIGN_FIELD = "campaign";
/** The stored field that holds the answers, a line a question (what sales, the CSV and Salesforce read). */
export const ANSWERS_FIELD = "answers";
/** The n-th question's field (from 1): q1 … q5. */
export const questionField = (index: number): string => `q${index + 1}`;
/** The names a question's field can have: what a body may carry besides its form's fields. */
export const QUESTION_FIELD = /^q[1-9]$/;
/** Several choices travel as one value, the chosen choices a line each (a choice is one line). */
export const CHOSEN_SEPARATOR = "\n";
/** The most characters a short answer holds. */
export const ANSWER_MAX = LIMITS.info;

/** A campaign as its form needs it: its page, the form it shows and the questions it asks. */
export interface CampaignFacts {
  path: string;
  title: string;
  form: CampaignForm;
  questions: readonly CampaignQuestion[];
  /** the Salesforce Campaign its leads join */
  salesforceCampaignId?: string | null;
  /** the page its form goes on to (src/lib/campaign.ts) */
  received: string;
  /** the campaign's words for the form's button */
  button?: string | null;
}

const controlOf = { "short answer": "text", "one choice": "choice", "several choices": "choices" } as const;

/** A question as a field of the form's declaration. */
const fieldOf = (q: CampaignQuestion, index: number): FormField => ({
  name: questionField(index),
  control: controlOf[q.answer],
  label: q.question,
  noun: `your answer to "${q.question}"`,
  max: q.answer === "short answer" ? ANSWER_MAX : ANSWER_MAX * 10,
  required: q.required,
  choices: q.choices ?? undefined,
  messages: { missing: MESSAGES.required },
});

/**
 * The form of a campaign: its base form's fields, then the campaign's questions, then the campaign carried hidden;
 * `button`, the campaign's words for the button. A declaration like the base one (its kind, captcha and Salesforce
 * fields), with more fields than that kind's type names: hence the cast.
 */
export function campaignForm(
  base: AnyForm,
  campaign: Pick<CampaignFacts, "questions">,
  button?: string | null,
): AnyForm {
  const declaration: FormDeclaration = {
    ...base,
    fields: [
      ...base.fields,
      ...campaign.questions.map(fieldOf),
      {
        name: CAMPAIGN_FIELD,
        control: "hidden",
        noun: "the campaign this form is for",
        max: LIMITS.url,
        required: true,
      },
    ],
    submit: button ? { ...base.submit, idle: button } : base.submit,
  };
  return declaration as AnyForm;
}

/** A question's answer as chosen or typed: its choices, or its one text, without what no answer can hold. */
const partsOf = (q: CampaignQuestion, value: unknown): string[] => {
  const texts = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  const parts = texts
    .filter((t): t is string => typeof t === "string")
    .flatMap((t) => (q.answer === "several choices" ? t.split(/\r?\n/) : [t]))
    .map((t) => stripControl(t).trim())
    .filter(Boolean);
  return parts;
};

export type AnswersCheck =
  | { ok: true; answers: { question: string; answer: string }[] }
  | { ok: false; field: string; error: string; problem: "missing" | "invalid" | "long"; max?: number };

/**
 * The answers of a body to a campaign's questions, or the first field at fault: an answer to a question the
 * campaign does not ask, a choice it does not offer, more than one choice where one is asked, an empty required
 * answer, a short answer too long.
 */
export function checkAnswers(
  campaign: Pick<CampaignFacts, "questions">,
  body: Readonly<Record<string, unknown>>,
): AnswersCheck {
  const { questions } = campaign;
  const unasked = Object.keys(body).find(
    (key) =>
      QUESTION_FIELD.test(key) &&
      Number(key.slice(1)) > questions.length &&
      partsOf({ answer: "short answer" } as CampaignQuestion, body[key]).length,
  );
  if (unasked)
    return { ok: false, field: unasked, error: `${unasked} is not a question of this campaign`, problem: "invalid" };
  const answers = [];
  for (const [index, q] of questions.entries()) {
    const field = questionField(index);
    const parts = partsOf(q, body[field]);
    if (!parts.length && q.required) return { ok: false, field, error: `${field} is required`, problem: "missing" };
    if (q.answer === "short answer" && (parts[0] ?? "").length > ANSWER_MAX)
      return {
        ok: false,
        field,
        error: `${field} is longer than ${ANSWER_MAX} characters`,
        problem: "long",
        max: ANSWER_MAX,
      };
    if (q.answer === "one choice" && parts.length > 1)
      return { ok: false, field, error: `${field} must be one choice`, problem: "invalid" };
    const offered = q.choices ?? [];
    const other = q.answer === "short answer" ? undefined : parts.find((p) => !offered.includes(p));
    if (other !== undefined)
      return { ok: false, field, error: `${field} must be one of ${offered.join(", ")}`, problem: "invalid" };
    answers.push({ question: q.question, answer: parts.join(", ") });
  }
  return { ok: true, answers };
}

/** The answers as one text, a line a question: "Which clouds do you use? Sales Cloud, Data Cloud". */
export const answersText = (answers: readonly { question: string; answer: string }[]): string =>
  answers
    .map(({ question, answer }) => `${question}${/[?:]$/.test(question) ? "" : ":"} ${answer || "(no answer)"}`)
    .join("\n");

/** The answers a form's values give (the browser's own Web-to-Lead post), as the endpoint keeps them. */
export function answersOf(campaign: Pick<CampaignFacts, "questions">, values: FormValues): string {
  const checked = checkAnswers(
    campaign,
    Object.fromEntries(campaign.questions.map((_, i) => [questionField(i), values[questionField(i)] ?? ""])),
  );
  return checked.ok ? answersText(checked.answers) : "";
}

/** The kinds of form a campaign's questions can be asked in. */
export const questionKinds: readonly LeadKind[] = ["contact", "webinar", "newsletter"];

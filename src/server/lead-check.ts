// The form endpoint's second step, check (lead-handler.ts): the form's rules, the CV, the spam signals, the
// captcha and where the visit came from. It returns what passed, as a new value, or why it did not.
import { createHash } from "crypto";
import { attributionFromReferer, ATTRIBUTION_FIELD, cleanAttribution, type Attribution } from "../lib/attribution";
import { checkCv } from "../lib/cv-file";
import { checkLead, type Lead } from "../lib/lead-rules";
import {
  ANSWERS_FIELD,
  answersText,
  CAMPAIGN_FIELD,
  checkAnswers,
  QUESTION_FIELD,
  type CampaignFacts,
} from "../lib/campaign-form";
import { campaignAt } from "./campaign-files";
import { FORMS, type FormLabels } from "../lib/forms";
import { leadSourceOf, WEB_TO_LEAD } from "../lib/web-to-lead";
import { LEAD_ENDPOINT } from "../lib/lead-client";
import { CaptchaUnavailable, verifyCaptcha } from "./captcha";
import type { EndpointSettings } from "./config";
import { refuse, refused, type Incoming, type Refusal } from "./lead-read";
import { readSignals, WITHOUT_CAPTCHA, type Signals } from "./spam";
import { errorCode } from "./store/sql";
import type { CvPointer } from "./store/intake";

/** A request whose body passed every rule. */
export interface Checked {
  lead: Lead;
  signals: Signals;
  attribution: Attribution;
  channel: string;
  /** an application's CV, checked */
  cv?: Omit<CvPointer, "key"> & { bytes: Uint8Array };
}

export interface CheckContext {
  labels: FormLabels;
  settings: EndpointSettings;
  openings: readonly string[];
  /** the campaigns, with their questions (campaign-files.ts) */
  campaigns?: readonly CampaignFacts[];
  fetchImpl?: typeof fetch;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A form's captcha, checked with Google when a secret is configured (spec §4). */
async function checkCaptcha(token: string | undefined, { settings, fetchImpl }: CheckContext): Promise<Refusal | null> {
  try {
    const captcha = await verifyCaptcha(token, {
      secret: settings.recaptchaSecret!,
      url: settings.recaptchaVerifyUrl,
      fetchImpl,
    });
    return captcha.ok ? null : refuse(400, captcha.error, "captcha");
  } catch (error) {
    const reason = error instanceof CaptchaUnavailable ? error.message : errorCode(error);
    console.error(`captcha: siteverify could not be reached (${reason}); nothing was stored`);
    return refuse(503, "The spam check could not be reached; please try again shortly", "captcha");
  }
}

/**
 * The captcha needs script, so a visitor without it cannot solve one. The company's decision: such an enquiry is
 * stored and delivered at once, marked in its record, its e-mail and its webhook, rather than refused (a real
 * customer would be lost) or held for review (nobody would see it in time). The honeypot, the rate limit and the
 * link rule still apply; JSON posts, which come from the script, keep needing it.
 */
async function captchaOf(incoming: Incoming, lead: Lead, signals: Signals, context: CheckContext) {
  // the forms that ask for it, and why, are their declaration's (src/lib/forms.ts, `captcha`)
  if (!FORMS[lead.kind].captcha) return { lead };
  if (incoming.via === "form" && !signals.captcha)
    return { lead: { ...lead, fields: { ...lead.fields, captcha: WITHOUT_CAPTCHA } } };
  const refusal = context.settings.recaptchaSecret ? await checkCaptcha(signals.captcha, context) : null;
  return refusal ?? { lead };
}

/**
 * A campaign's form (issue 61): the campaign it names must be one of the site's, of the same form; its answers are
 * checked against that campaign's questions in its file (src/lib/campaign-form.ts), and kept with the lead as the
 * campaign's page and one text of answers. A body without a campaign that answers questions is refused: no form
 * asks them.
 */
function campaignOf(body: Record<string, unknown>, lead: Lead, campaigns: readonly CampaignFacts[]): Lead | Refusal {
  const named = body[CAMPAIGN_FIELD];
  if (named === undefined || named === null || named === "") {
    const asked = Object.keys(body).find((key) => QUESTION_FIELD.test(key) && body[key] !== "");
    return asked ? refuse(400, `${asked} is not a question of this form`, asked, { problem: "invalid" }) : lead;
  }
  const campaign = campaignAt(campaigns, named);
  if (!campaign)
    return refuse(400, `${CAMPAIGN_FIELD} is not a campaign of this site`, CAMPAIGN_FIELD, { problem: "invalid" });
  if (campaign.form !== lead.kind) return refuse(400, `type is not the form of this campaign`, "type");
  const answers = checkAnswers(campaign, body);
  if (!answers.ok) return refuse(400, answers.error, answers.field, { problem: answers.problem, max: answers.max });
  return {
    ...lead,
    fields: {
      ...lead.fields,
      [CAMPAIGN_FIELD]: campaign.path,
      ...(answers.answers.length ? { [ANSWERS_FIELD]: answersText(answers.answers) } : {}),
    },
  };
}

/** Step 2, check. */
export async function checkIncoming(incoming: Incoming, context: CheckContext): Promise<Checked | Refusal> {
  const { labels, settings, openings } = context;
  const checked = checkLead(incoming.body ?? [], labels, settings.allowedOrigins, openings);
  if (!checked.ok) return { status: 400, ...checked };
  const withCampaign = campaignOf(incoming.body ?? {}, checked.lead, context.campaigns ?? []);
  if (refused(withCampaign)) return withCampaign;
  const cv = checked.lead.kind === "application" ? checkCv(incoming.file) : null;
  if (cv && !cv.ok) return refuse(cv.status, cv.error, "cv", { problem: cv.problem, max: cv.max });
  const read = readSignals(incoming.body ?? {});
  if ("field" in read) return refuse(400, read.error, read.field);
  // the file's name is part of what the company reads (the e-mail, the webhook, `npm run leads show`)
  const named = cv ? { ...withCampaign, fields: { ...withCampaign.fields, cv: cv.name } } : withCampaign;
  const captcha = await captchaOf(incoming, named, read.signals, context);
  if (!("lead" in captcha)) return captcha;
  // without script only the page it was sent from is known, by its Referer (docs/store.md#where-a-lead-came-from)
  const given =
    incoming.via === "form"
      ? attributionFromReferer(incoming.referer, settings.allowedOrigins)
      : cleanAttribution(incoming.body?.[ATTRIBUTION_FIELD]);
  // a campaign's form sent again from the page that asked to fix it (this endpoint's own address) came from the
  // campaign's page, which is what the report counts it under
  const campaignPage = captcha.lead.fields[CAMPAIGN_FIELD];
  const attribution =
    campaignPage && (!given.page || given.page === new URL(LEAD_ENDPOINT, "http://x").pathname)
      ? { ...given, page: campaignPage }
      : given;
  return {
    lead: captcha.lead,
    signals: read.signals,
    attribution,
    channel: leadSourceOf(WEB_TO_LEAD, attribution),
    cv: cv?.ok ? { name: cv.name, kind: cv.kind, size: cv.size, bytes: cv.bytes, sha256: sha256(cv.bytes) } : undefined,
  };
}

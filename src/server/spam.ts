import { MIN_HUMAN_MS, SIGNAL_FIELDS, type FormSignals } from "../lib/form-signals";
import type { Lead } from "../lib/lead-rules";
import { unreadable } from "../lib/validation";

/** More links than this in a comment, and it is spam. */
export const MAX_COMMENT_LINKS = 2;
/** Spam is kept this long for review, then deleted. */
export const SPAM_RETENTION_DAYS = 30;

export type Signals = FormSignals;

/**
 * The mark of a submission sent without script, so without the captcha its form asks for (lead-check.ts says why
 * it is delivered): in its stored fields as `captcha`, hence in the webhook's body and the e-mail, whose subject says
 * it too.
 */
export const WITHOUT_CAPTCHA = "sent without captcha";

/** The signals of a body (src/lib/form-signals.ts), or the field that is not what it should be. */
export function readSignals(body: Record<string, unknown>): { signals: Signals } | { field: string; error: string } {
  const signals: Signals = {};
  for (const field of [SIGNAL_FIELDS.captcha, SIGNAL_FIELDS.honeypot]) {
    const value = body[field];
    const why = typeof value === "string" ? unreadable(value) : null;
    if (why) return { field, error: `${field} ${why}` };
  }
  const captcha = body[SIGNAL_FIELDS.captcha];
  if (captcha !== undefined && captcha !== null && captcha !== "") {
    if (typeof captcha !== "string" || captcha.length > 4_000)
      return { field: SIGNAL_FIELDS.captcha, error: `${SIGNAL_FIELDS.captcha} must be a reCAPTCHA token` };
    signals.captcha = captcha;
  }
  const elapsed = body[SIGNAL_FIELDS.elapsed];
  if (elapsed !== undefined && elapsed !== null) {
    if (typeof elapsed !== "number" || !Number.isFinite(elapsed) || elapsed < 0)
      return { field: SIGNAL_FIELDS.elapsed, error: `${SIGNAL_FIELDS.elapsed} must be a number of milliseconds` };
    signals.elapsed = elapsed;
  }
  const honeypot = body[SIGNAL_FIELDS.honeypot];
  if (honeypot !== undefined && honeypot !== null && honeypot !== "")
    signals.website = typeof honeypot === "string" ? honeypot : JSON.stringify(honeypot);
  return { signals };
}

/** Links in a text: web addresses and bare www. names. */
export const linkCount = (text: string): number => (text.match(/\bhttps?:\/\/|\bwww\./gi) ?? []).length;

/**
 * Why a body is held as spam, or null: a filled honeypot, or a comment stuffed with links. Speed alone holds nothing:
 * a person whose browser fills the form and who presses Enter sends it within a second, and a lead held is a lead
 * nobody sees in time (issue 54); a fast one is delivered with a note instead (`timingNote`).
 */
export function spamReason(lead: Lead, signals: Signals): string | null {
  if (signals.website) return "honeypot";
  if (lead.kind === "comment" && linkCount(lead.fields.comment ?? "") > MAX_COMMENT_LINKS) return "links";
  return null;
}

/**
 * The field a lead sent faster than a person types carries, and its words: kept in the record, the webhook's body and
 * the e-mail, so that whoever reads it can judge. The words are the same for every fast lead, so a lead sent twice
 * is still one (the duplicate check compares the fields).
 */
export const TIMING_FIELD = "timing";
export const TIMING_NOTE = `sent within ${MIN_HUMAN_MS / 1000} s of the form being shown (autofill, or a script)`;

/** The note for a body sent faster than a person could fill the form in, or null (a body without `elapsed` too). */
export const timingNote = (signals: Signals): string | null =>
  signals.elapsed !== undefined && signals.elapsed < MIN_HUMAN_MS ? TIMING_NOTE : null;

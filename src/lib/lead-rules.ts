// Pure checks of what the form endpoint receives: the three shapes of spec §3 and §7, plus webinar registration.
import type { FormLabels } from "./payloads";
import { isEmail } from "./validation";

export type LeadKind = "contact" | "newsletter" | "comment" | "webinar";

export interface Lead {
  kind: LeadKind;
  fields: Record<string, string>;
}

/** Why a field was refused: absent or blank, over its length, or not of its kind (an address, digits, a page). */
export type FieldProblem = "missing" | "long" | "invalid";

export type LeadCheck =
  { ok: true; lead: Lead } | { ok: false; error: string; field: string; problem?: FieldProblem; max?: number };

export const LIMITS = { name: 100, email: 254, message: 5_000, info: 300, phone: 20, url: 2_000 } as const;

/* eslint-disable no-control-regex -- matching control characters is the point */
/** Removes control characters; line breaks and tabs survive only where `multiline` is set. */
export function stripControl(value: string, multiline = false): string {
  const pattern = multiline
    ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g
    : /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
  return value.replace(pattern, "");
}
/* eslint-enable no-control-regex */

interface FieldRule {
  max: number;
  required: boolean;
  multiline?: boolean;
  test?: (value: string) => string | null;
}

const emailRule = (v: string) => (isEmail(v) ? null : "must be an email address");
const isDigits = (v: string) => (/^\d*$/.test(v) ? null : "must contain digits only");
const isLiteralNull = (v: string) => (v === "null" ? null : 'must be the text "null"');

function shapeOf(kind: LeadKind, origins: readonly string[]): Record<string, FieldRule> {
  const name: FieldRule = { max: LIMITS.name, required: true };
  const email: FieldRule = { max: LIMITS.email, required: true, test: emailRule };
  const phone: FieldRule = { max: LIMITS.phone, required: false, test: isDigits };
  switch (kind) {
    case "contact":
      return { name, email, phone, info: { max: LIMITS.message, required: true, multiline: true } };
    case "webinar":
      return { name, email, phone, info: { max: LIMITS.info, required: true } };
    case "newsletter":
      return {
        email,
        name: { max: 4, required: true, test: isLiteralNull },
        phone: { max: 4, required: true, test: isLiteralNull },
        info: { max: LIMITS.info, required: true },
      };
    case "comment":
      return {
        name,
        email,
        comment: { max: LIMITS.message, required: true, multiline: true },
        url: {
          max: LIMITS.url,
          required: true,
          test: (v) => (onSite(v, origins) ? null : "must be a page of this site"),
        },
      };
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

const kindOfType = (type: string, labels: FormLabels): LeadKind | null =>
  (Object.keys(labels) as LeadKind[]).find((kind) => labels[kind] === type) ?? null;

export function checkLead(body: unknown, labels: FormLabels, origins: readonly string[]): LeadCheck {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, error: "The body must be a JSON object", field: "body" };
  const values = body as Record<string, unknown>;
  if (typeof values.type !== "string") return { ok: false, error: "type must be a text", field: "type" };
  const kind = kindOfType(values.type, labels);
  if (!kind) return { ok: false, error: "type is not a known form", field: "type" };

  const fields: Record<string, string> = { type: values.type };
  for (const [field, rule] of Object.entries(shapeOf(kind, origins))) {
    const raw = values[field];
    if (raw === undefined || raw === null || raw === "") {
      if (rule.required) return { ok: false, error: `${field} is required`, field, problem: "missing" };
      fields[field] = "";
      continue;
    }
    if (typeof raw !== "string") return { ok: false, error: `${field} must be a text`, field, problem: "invalid" };
    if (raw.length > rule.max)
      return {
        ok: false,
        error: `${field} is longer than ${rule.max} characters`,
        field,
        problem: "long",
        max: rule.max,
      };
    const value = stripControl(raw, rule.multiline).trim();
    if (rule.required && !value) return { ok: false, error: `${field} is required`, field, problem: "missing" };
    const problem = rule.test?.(value);
    if (problem) return { ok: false, error: `${field} ${problem}`, field, problem: "invalid" };
    fields[field] = value;
  }
  return { ok: true, lead: { kind, fields } };
}

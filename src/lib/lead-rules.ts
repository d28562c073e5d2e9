// Pure checks of what the form endpoint receives: the three shapes of spec §3 and §7, plus webinar registration and
// a job application (issue 36; its CV file is checked apart, by src/lib/cv-file.ts).
import { z } from "zod";
import { kindOfType, type FormLabels } from "./payloads";
import { isEmail, isWebAddress, unreadable } from "./validation";

export type LeadKind = "contact" | "newsletter" | "comment" | "webinar" | "application";

export interface Lead {
  kind: LeadKind;
  fields: Record<string, string>;
}

/**
 * Why a field was refused: absent or blank, over its length, holding a character no text can be stored with, or not
 * of its kind (an address, digits, a page).
 */
export type FieldProblem = "missing" | "long" | "unreadable" | "invalid";

export type LeadCheck =
  { ok: true; lead: Lead } | { ok: false; error: string; field: string; problem?: FieldProblem; max?: number };

export const LIMITS = { name: 100, email: 254, message: 5_000, info: 300, phone: 20, url: 2_000, note: 1_000 } as const;

/* eslint-disable no-control-regex -- matching control characters is the point */
/** Removes control characters; line breaks and tabs survive only where `multiline` is set. */
export function stripControl(value: string, multiline = false): string {
  const pattern = multiline
    ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g
    : /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
  return value.replace(pattern, "");
}
/* eslint-enable no-control-regex */

/**
 * One field of a body, declared once with zod: absent, null or "" is missing (allowed where it is optional, then
 * ""); else a text of at most `max` characters before its control characters are stripped and it is trimmed, then
 * still there where it is required, then passing `test` (what it must be, in the words of the error).
 */
function field({
  max,
  required = true,
  multiline = false,
  test,
}: {
  max: number;
  required?: boolean;
  multiline?: boolean;
  test?: { ok: (value: string) => boolean; must: string };
}) {
  const text = z
    .string({ error: (issue) => (issue.input === undefined ? MISSING : NOT_TEXT) })
    .max(max, { error: LONG })
    .superRefine((v, ctx) => {
      const why = unreadable(v);
      if (why) ctx.addIssue({ code: "custom", message: `${UNREADABLE}${why}` });
    })
    .transform((v) => stripControl(v, multiline).trim())
    .refine((v) => !required || v.length > 0, { error: MISSING })
    .refine((v) => !test || (!v && !required) || test.ok(v), { error: test ? `${INVALID}${test.must}` : INVALID });
  // absent, null and "" are one thing: missing
  const blank = z.preprocess((v) => (v === null || v === "" ? undefined : v), required ? text : text.optional());
  return blank.transform((v) => v ?? "");
}
// the first words of an issue's message say which problem it is (FieldProblem); the rest is what the field must be
const MISSING = "missing";
const NOT_TEXT = "invalid:must be a text";
const LONG = "long";
const UNREADABLE = "unreadable:";
const INVALID = "invalid:";

const email = field({ max: LIMITS.email, test: { ok: isEmail, must: "must be an email address" } });
const digits = { ok: (v: string) => /^\d*$/.test(v), must: "must contain digits only" };
const literalNull = { ok: (v: string) => v === "null", must: 'must be the text "null"' };

/**
 * Each form's fields, in the order they are checked (the spec's bodies, §3 and §7, webinar registration, and a job
 * application: `openings` are the titles of content/jobs.json, one of which it must name).
 */
const shapes = (origins: readonly string[], openings: readonly string[] = []) => ({
  contact: z.object({
    name: field({ max: LIMITS.name }),
    email,
    phone: field({ max: LIMITS.phone, required: false, test: digits }),
    info: field({ max: LIMITS.message, multiline: true }),
  }),
  webinar: z.object({
    name: field({ max: LIMITS.name }),
    email,
    phone: field({ max: LIMITS.phone, required: false, test: digits }),
    info: field({ max: LIMITS.info }),
  }),
  newsletter: z.object({
    email,
    name: field({ max: 4, test: literalNull }),
    phone: field({ max: 4, test: literalNull }),
    info: field({ max: LIMITS.info }),
  }),
  application: z.object({
    name: field({ max: LIMITS.name }),
    email,
    phone: field({ max: LIMITS.phone, test: digits }),
    opening: field({
      max: LIMITS.info,
      test: { ok: (v) => openings.includes(v), must: "must be one of the openings on the careers page" },
    }),
    link: field({
      max: LIMITS.url,
      required: false,
      test: { ok: isWebAddress, must: "must be a web address starting with https:// or http://" },
    }),
    info: field({ max: LIMITS.note, required: false, multiline: true }),
  }),
  comment: z.object({
    name: field({ max: LIMITS.name }),
    email,
    comment: field({ max: LIMITS.message, multiline: true }),
    url: field({
      max: LIMITS.url,
      test: {
        ok: (v) => onSite(v, origins) && showsComments(v),
        must: "must be a post of this site that takes comments",
      },
    }),
  }),
});

/** The fields of each kind of lead, as checked: their types come from the declaration above. */
export type LeadFields<K extends LeadKind> = z.infer<ReturnType<typeof shapes>[K]>;

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

export function checkLead(
  body: unknown,
  labels: FormLabels,
  origins: readonly string[],
  openings: readonly string[] = [],
): LeadCheck {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, error: "The body must be a JSON object", field: "body" };
  const values = body as Record<string, unknown>;
  if (typeof values.type !== "string") return { ok: false, error: "type must be a text", field: "type" };
  const kind = kindOfType(values.type, labels);
  if (!kind) return { ok: false, error: "type is not a known form", field: "type" };

  const schema = shapes(origins, openings)[kind];
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, lead: { kind, fields: { type: values.type, ...result.data } } };
  // the first field in the declaration's order, and its first problem
  const order = Object.keys(schema.shape);
  const issue = [...result.error.issues].sort(
    (a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
  )[0];
  const name = String(issue.path[0]);
  if (issue.message === MISSING) return { ok: false, error: `${name} is required`, field: name, problem: "missing" };
  if (issue.message.startsWith(UNREADABLE))
    return {
      ok: false,
      error: `${name} ${issue.message.slice(UNREADABLE.length)}`,
      field: name,
      problem: "unreadable",
    };
  if (issue.message === LONG) {
    const max = (issue as { maximum?: number }).maximum as number;
    return { ok: false, error: `${name} is longer than ${max} characters`, field: name, problem: "long", max };
  }
  return { ok: false, error: `${name} ${issue.message.slice(INVALID.length)}`, field: name, problem: "invalid" };
}

// Pure checks of what the form endpoint receives, drawn in zod from the forms' one declaration (src/lib/forms.ts):
// the shapes of spec §3 and §7, webinar registration and a job application (issue 36; its CV file is checked apart,
// by src/lib/cv-file.ts). The bodies' type is the declaration's (`Payload`, forms.ts), and each field's rule gives a
// text, so a field declared is a field typed; the import goes one way, from the rules to the declaration.
import { z } from "zod";
import {
  FORMS,
  kindOfType,
  LEAD_KINDS,
  type FieldName,
  type FormLabels,
  type LeadKind,
  type RuleContext,
} from "./forms";
import { stripControl, unreadable } from "./validation";

export { stripControl };

export type { LeadKind };

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
}): z.ZodType<string> {
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
  // absent, null and "" are one thing: missing; a line break counts as one character, as the browser's maxlength
  // counts it, though a form posts it as two (CR LF)
  const blank = z.preprocess(
    (v) => (v === null || v === "" ? undefined : typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
    required ? text : text.optional(),
  );
  return blank.transform((v) => v ?? "");
}
// the first words of an issue's message say which problem it is (FieldProblem); the rest is what the field must be
const MISSING = "missing";
const NOT_TEXT = "invalid:must be a text";
const LONG = "long";
const UNREADABLE = "unreadable:";
const INVALID = "invalid:";

/** One kind's rules: a rule for each field its form declares, each giving a text (`field`), as `Payload` types it. */
export type Rules<K extends LeadKind> = z.ZodObject<{ [N in FieldName<K>]: z.ZodType<string> }>;

/** Each form's fields as zod checks them, in their declared order (src/lib/forms.ts). */
const shapes = (context: RuleContext) =>
  Object.fromEntries(
    LEAD_KINDS.map((kind) => [
      kind,
      z.object(
        Object.fromEntries(
          FORMS[kind].fields.map(({ name, max, required, control, test }) => [
            name,
            field({
              max,
              required,
              multiline: control === "textarea",
              test: test && { ok: (v: string) => test.ok(v, context), must: test.must },
            }),
          ]),
        ),
      ),
    ]),
  ) as { [K in LeadKind]: Rules<K> };

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

  const schema = shapes({ origins, openings })[kind];
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

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { navigate } from "gatsby";
import { ATTRIBUTION_FIELD } from "../../lib/attribution";
import { analyticsGranted, readConsent } from "../../lib/consent";
import { INDIA, type Country } from "../../lib/countries";
import type { LeadKind } from "../../lib/lead-rules";
import { commentAlertText, Refused, sendComment, sendLead, sendWithFile } from "../../lib/lead-client";
import { MESSAGES } from "../../lib/messages";
import type { CommentPayload, FormLabels, LeadPayload } from "../../lib/payloads";
import { hasErrors } from "../../lib/validation";
import { attributionOf, currentView, readFirstTouch } from "../../browser/visit";
import { postFromBrowser } from "../../browser/web-to-lead-post";
import { useSiteData } from "../layout/use-site-data";
import { useFormSignals } from "./use-form-signals";

/** A form's values: each field's text, by its key. */
export type FormValues<V> = { [K in keyof V]: string };
type Errors<V> = Partial<Record<keyof V, string>>;

export interface LeadFormSpec<V extends FormValues<V>> {
  kind: LeadKind;
  empty: V;
  validate: (values: V) => Errors<V>;
  /**
   * When a field's error shows: "as-typed", from its first change and then for what it holds (the contact form,
   * spec §5 "checked on each change"); "on-submit", from a send until the field is edited (spec §5's newsletter).
   */
  showErrors: "as-typed" | "on-submit";
  /** what is kept of a field's typed text: the phone keeps digits only (spec §5) */
  clean?: Partial<Record<keyof V, (typed: string) => string>>;
  /** reCAPTCHA before sending (spec §4): loaded at once, or on the form's first focus */
  captcha?: "now" | "on-focus";
  /** the spec's JSON body (§3, §7) */
  body: (values: V, context: { dialCode: string; labels: FormLabels; href: string }) => LeadPayload | CommentPayload;
  /** a lead's Web-to-Lead first_name (spec §3: the newsletter's is its e-mail address) */
  firstName?: (body: LeadPayload) => string;
  /** the page a sent lead goes on to, through Web-to-Lead's retURL when the browser posts it (spec §7) */
  returnPath?: string;
  /** what a send that arrived does besides: clear the form, say so, close a dialog */
  onSent?: (form: SentForm<V>) => void;
  /**
   * A file the form sends with its fields (the job application's CV): then the form posts multipart/form-data, with
   * script as without. `problem` checks the chosen file before a send (the endpoint checks its bytes).
   */
  upload?: FileSpec;
}

export interface FileSpec {
  /** the file's field, as the endpoint reads it */
  name: string;
  label: string;
  /** the browser's file picker's filter */
  accept: string;
  /** said under the label: the kinds and the limit */
  hint: string;
  problem: (file: File | null) => string | null;
  /** what to say when the endpoint refused the file (413: too large; else not what it must be by its bytes) */
  refused: (status: number, file: File | null) => string;
}

export interface SentForm<V extends FormValues<V>> {
  values: V;
  reset: () => void;
  /** shows a message in the form's status line, for `ms` when given */
  say: (text: string, ms?: number) => void;
}

/**
 * One path for every form of the site (contact, webinar, newsletter, comment): the values and the errors shown,
 * the spam signals, the captcha where there is one, where the visit came from (src/browser/visit.ts), the send, the
 * hidden Web-to-Lead post of a lead, and the spec's answers (a message, a page, an alert: §8). Each form gives its
 * fields and rules; `LeadForm` (lead-form.tsx) draws the common markup.
 */
export function useLeadForm<V extends FormValues<V>>(spec: LeadFormSpec<V>) {
  const { site } = useSiteData();
  const signals = useFormSignals();
  const id = useId();
  const [values, setValues] = useState<V>(spec.empty);
  const [country, setCountry] = useState<Country>(INDIA);
  const [touched, setTouched] = useState<Set<keyof V>>(new Set());
  const [submitted, setSubmitted] = useState<Errors<V>>({});
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState("");
  const statusTimer = useRef<number>();
  const captcha = useCaptchaState(spec.captcha);
  const upload = useUploadState(spec.upload);
  useEffect(() => () => window.clearTimeout(statusTimer.current), []);

  const live = spec.validate(values);
  const errorOf = (field: keyof V): string | undefined =>
    spec.showErrors === "as-typed" ? (touched.has(field) ? live[field] : undefined) : submitted[field];

  const change = (field: keyof V) => (typed: string) => {
    const clean = spec.clean?.[field];
    setValues((v) => ({ ...v, [field]: clean ? clean(typed) : typed }));
    if (spec.showErrors === "as-typed") setTouched((t) => new Set(t).add(field));
    else setSubmitted(({ [field]: _cleared, ...rest }) => rest as Errors<V>);
  };

  const reset = () => {
    setValues(spec.empty);
    setCountry(INDIA);
    setTouched(new Set());
    setSubmitted({});
    captcha.reset();
    upload.reset();
  };

  const say = (text: string, ms?: number) => {
    setStatus(text);
    window.clearTimeout(statusTimer.current);
    if (ms) statusTimer.current = window.setTimeout(() => setStatus(""), ms);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = spec.validate(values);
    setTouched(new Set(Object.keys(spec.empty) as (keyof V)[]));
    setSubmitted(problems);
    const fileProblem = upload.check();
    if (hasErrors(problems) || fileProblem) return;
    if (spec.captcha && !captcha.token) {
      captcha.activate(); // a form sent without its field ever focused (autofill) shows the box with the message
      return captcha.setError(MESSAGES.captcha);
    }
    setSending(true);
    const view = currentView();
    const attribution = attributionOf(view, analyticsGranted(readConsent(document.cookie)) ? readFirstTouch() : null);
    const body = spec.body(values, { dialCode: country.code, labels: site.labels, href: view.href });
    const signed = { ...signals.sign(body, captcha.token ?? undefined), [ATTRIBUTION_FIELD]: attribution };
    let leaving = false;
    try {
      if (spec.kind === "comment") await sendComment(signed as CommentPayload);
      else if (spec.upload && upload.file)
        // a CV goes to the endpoint only: never to Salesforce's Web-to-Lead from the browser
        await sendWithFile(signed, { field: spec.upload.name, file: upload.file });
      else {
        await sendLead(signed as LeadPayload);
        const lead = body as LeadPayload;
        leaving = postFromBrowser(document, {
          lead,
          firstName: spec.firstName?.(lead) ?? lead.name,
          attribution,
          returnPath: spec.returnPath,
        }).left;
      }
      spec.onSent?.({ values, reset, say });
      if (spec.returnPath && !leaving) await navigate(spec.returnPath);
      leaving ||= Boolean(spec.returnPath);
    } catch (error) {
      // the endpoint's word on the file (its size, its kind) goes next to the file, as a field's error does
      if (spec.upload && error instanceof Refused && error.field === spec.upload.name) upload.refused(error.status);
      else if (spec.upload) say(MESSAGES.applicationError);
      else window.alert(spec.kind === "comment" ? commentAlertText(error) : MESSAGES.leadAlert);
    } finally {
      // a form that goes on to another page stays "sending" until it is gone, so it is not sent twice
      if (!leaving) setSending(false);
    }
  };

  return {
    id,
    values,
    setValues,
    country,
    setCountry,
    errorOf,
    change,
    sending,
    status,
    captcha,
    signals,
    upload,
    onSubmit,
  };
}

export type LeadFormState<V extends FormValues<V>> = ReturnType<typeof useLeadForm<V>>;

/** The chosen file of a form that sends one, and its error: from a send until another file is chosen. */
function useUploadState(spec: FileSpec | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  return {
    spec,
    file,
    error,
    /** a fresh, empty file field (a browser lets no page set a file field's value) */
    generation,
    choose: (chosen: File | null) => {
      setFile(chosen);
      setError(null);
    },
    check: () => {
      const problem = spec ? spec.problem(file) : null;
      setError(problem);
      return problem;
    },
    /** what the endpoint said of the file: too large (413), or not a CV by its bytes */
    refused: (status: number) => spec && setError(spec.refused(status, file)),
    reset: () => {
      setFile(null);
      setError(null);
      setGeneration((g) => g + 1);
    },
  };
}

/** The captcha's state: its token, its error (spec §5), whether it could load, and a fresh box after a send. */
function useCaptchaState(when: "now" | "on-focus" | undefined) {
  const [active, setActive] = useState(when === "now");
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const reset = useCallback(() => {
    setToken(null);
    setGeneration((g) => g + 1);
  }, []);
  return {
    enabled: Boolean(when),
    active,
    activate: () => setActive(true),
    token,
    error,
    setError,
    failed,
    generation,
    reset,
    // spec §4: the change callback marks it solved and clears its error
    onChange: (value: string | null) => {
      setToken(value);
      if (value) setError(null);
    },
    onFailed: () => setFailed(true),
  };
}

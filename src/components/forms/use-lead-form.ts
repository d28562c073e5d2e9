import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { navigate } from "gatsby";
import { ATTRIBUTION_FIELD } from "../../lib/attribution";
import { INDIA, type Country } from "../../lib/countries";
import { payloadOf, validateForm, visibleFields, type AnyForm, type FormValues } from "../../lib/forms";
import { commentAlertText, Refused, sendComment, sendLead, sendWithFile } from "../../lib/lead-client";
import { MESSAGES } from "../../lib/messages";
import { digitsOnly, hasErrors } from "../../lib/validation";
import { currentAttribution, currentView } from "../../browser/visit";
import { reportConversion } from "../../browser/conversions";
import { postFromBrowser } from "../../browser/web-to-lead-post";
import { useSiteData } from "../layout/use-site-data";
import { useFormSignals } from "./use-form-signals";

type Errors = Record<string, string | undefined>;

export interface LeadFormSpec {
  /** its fields, rules, messages, button, whether it asks for reCAPTCHA and its Salesforce fields (src/lib/forms.ts) */
  form: AnyForm;
  /** the values of the hidden fields the form carries (a webinar's title, an opening, a post's path) */
  carried?: FormValues;
  /** the form's reCAPTCHA (spec §4), where it has one, loads at once; else on the form's first focus */
  captchaNow?: boolean;
  /** the page a sent lead goes on to, through Web-to-Lead's retURL when the browser posts it (spec §7) */
  returnPath?: string;
  /** Web-to-Lead fields the form adds to its lead's own (a campaign's answers and Campaign_ID), from its values */
  salesforce?: (values: FormValues) => Record<string, string>;
  /** what a send that arrived does besides: clear the form, say so, close a dialog */
  onSent?: (form: SentForm) => void;
  /**
   * A file the form sends with its fields (the job application's CV): then the form posts multipart/form-data, with
   * script as without. `problem` checks the chosen file before a send (the endpoint checks its bytes).
   */
  upload?: FileSpec;
}

/** The checks of the file a form declares (its name, label and kinds are in the declaration). */
export interface FileSpec {
  problem: (file: File | null) => string | null;
  /** what to say when the endpoint refused the file (413: too large; else not what it must be by its bytes) */
  refused: (status: number, file: File | null) => string;
}

export interface SentForm {
  values: FormValues;
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
export function useLeadForm(spec: LeadFormSpec) {
  const { form } = spec;
  const empty = useMemo(() => Object.fromEntries(visibleFields(form).map((f) => [f.name, ""])), [form]);
  const { site } = useSiteData();
  const signals = useFormSignals();
  const id = useId();
  const [values, setValues] = useState<FormValues>(empty);
  const [country, setCountry] = useState<Country>(INDIA);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState("");
  const statusTimer = useRef<number>();
  const captcha = useCaptchaState(form.captcha ? (spec.captchaNow ? "now" : "on-focus") : undefined);
  const upload = useUploadState(spec.upload);
  useEffect(() => () => window.clearTimeout(statusTimer.current), []);

  const live = validateForm(form, values);
  const errorOf = (field: string): string | undefined =>
    form.showErrors === "as-typed" ? (touched.has(field) ? live[field] : undefined) : submitted[field];
  /** each field's error as it shows now, by its name */
  const errors = Object.fromEntries(form.fields.map(({ name }) => [name, errorOf(name)]));

  // a phone keeps digits only (spec §5)
  const change = (field: string) => (typed: string) => {
    const phone = form.fields.some((f) => f.name === field && f.control === "phone");
    setValues((v) => ({ ...v, [field]: phone ? digitsOnly(typed) : typed }));
    if (form.showErrors === "as-typed") setTouched((t) => new Set(t).add(field));
    else setSubmitted(({ [field]: _cleared, ...rest }) => rest);
  };

  const reset = () => {
    setValues(empty);
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
    const problems = validateForm(form, values);
    setTouched(new Set(Object.keys(empty)));
    setSubmitted(problems);
    const fileProblem = upload.check();
    if (hasErrors(problems) || fileProblem) return;
    if (form.captcha && !captcha.token) {
      captcha.activate(); // a form sent without its field ever focused (autofill) shows the box with the message
      return captcha.setError(MESSAGES.captcha);
    }
    setSending(true);
    const view = currentView();
    const attribution = currentAttribution(view);
    // a field of the page's own address carries its path in the form and the full address in the body
    const carried = { ...spec.carried };
    for (const field of form.fields) if (field.page) carried[field.name] = view.href;
    const options = { labels: site.labels, dialCode: country.code, carried };
    const signed = <T extends object>(body: T) => ({
      ...signals.sign(body, captcha.token ?? undefined),
      [ATTRIBUTION_FIELD]: attribution,
    });
    let leaving = false;
    try {
      if (form.kind === "comment") await sendComment(signed(payloadOf(form, values, options)));
      else if (form.file && upload.file)
        // a CV goes to the endpoint only: never to Salesforce's Web-to-Lead from the browser
        await sendWithFile(signed(payloadOf(form, values, options)), { field: form.file.name, file: upload.file });
      else {
        const body = payloadOf(form, values, options);
        await sendLead(signed(body));
        leaving = postFromBrowser(document, {
          kind: form.kind,
          fields: body,
          more: spec.salesforce?.(values),
          attribution,
          returnPath: spec.returnPath,
        }).left;
      }
      reportConversion(form.kind);
      spec.onSent?.({ values, reset, say });
      if (spec.returnPath && !leaving) await navigate(spec.returnPath);
      leaving ||= Boolean(spec.returnPath);
    } catch (error) {
      // the endpoint's word on the file (its size, its kind) goes next to the file, as a field's error does
      if (form.file && error instanceof Refused && error.field === form.file.name) upload.refused(error.status);
      else if (form.file) say(MESSAGES.applicationError);
      else window.alert(form.kind === "comment" ? commentAlertText(error) : MESSAGES.leadAlert);
    } finally {
      // a form that goes on to another page stays "sending" until it is gone, so it is not sent twice
      if (!leaving) setSending(false);
    }
  };

  return {
    id,
    declaration: form,
    carried: spec.carried ?? {},
    values,
    setValues,
    country,
    setCountry,
    errors,
    change,
    sending,
    status,
    captcha,
    signals,
    upload,
    onSubmit,
  };
}

export type LeadFormState = ReturnType<typeof useLeadForm>;

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

import React from "react";
import { LEAD_ENDPOINT } from "../../lib/lead-client";
import { useSiteData } from "../layout/use-site-data";
import { Captcha } from "./captcha";
import { preloadCountries } from "./country-select";
import { PhoneField } from "./phone-field";
import { TextField } from "./text-field";
import type { FormValues, LeadFormState } from "./use-lead-form";
import * as styles from "./fields.module.css";

/** One field of a form: a text field, or the phone with its country list. */
export type FieldSpec<V extends FormValues<V>> =
  | {
      key: keyof V & string;
      /** the field's name as the browser posts it without script, when it is not `key` (the spec's JSON name) */
      name?: string;
      label: string;
      type?: "text" | "email" | "url";
      autoComplete?: string;
      multiline?: boolean;
      optional?: boolean;
    }
  | { key: keyof V & string; phone: true; required?: boolean };

interface Props<V extends FormValues<V>> {
  form: LeadFormState<V>;
  /** the form's accessible name */
  label: string;
  fields: readonly FieldSpec<V>[];
  /** the body's type, and the other fields a form sent without script needs (a webinar's title, a post's path) */
  hidden: Record<string, string>;
  submit: { idle: string; sending: string };
  /** the browser's own checks of the fields' types apply (the comment form's e-mail, spec §5) */
  browserChecks?: boolean;
  /** what comes after the fields, before the button (the comment form's "save my details") */
  children?: React.ReactNode;
  /** where to write instead when the captcha cannot load; default the sales mailbox */
  mailbox?: string;
}

/**
 * What makes a form post itself without script (method, action) and hands the send to script with it; its ref lets
 * the form's state take what was typed before hydration (use-lead-form.ts).
 */
export const postingForm = (
  form: { onSubmit: (event: React.FormEvent) => void; element: React.RefObject<HTMLFormElement> },
  label: string,
  browserChecks = false,
  withFile = false,
) =>
  ({
    method: "post",
    action: LEAD_ENDPOINT,
    // a form with a file posts it as the browser does a file: multipart, which the endpoint reads
    encType: withFile ? "multipart/form-data" : undefined,
    onSubmit: form.onSubmit,
    ref: form.element,
    noValidate: !browserChecks,
    "aria-label": label,
  }) as const;

/**
 * The markup every form of the site shares: a real form that posts itself without script (method, action, named
 * fields), its fields with their errors, the spam signals, the captcha where there is one, the button, and a
 * status line for what a send says.
 */
export function LeadForm<V extends FormValues<V>>({
  form,
  label,
  fields,
  hidden,
  submit,
  browserChecks,
  children,
  mailbox,
}: Props<V>) {
  const { captcha } = form;
  const hasPhone = fields.some((f) => "phone" in f);
  return (
    <form
      className={styles.form}
      {...postingForm(form, label, browserChecks, Boolean(form.upload.spec))}
      onFocus={() => {
        if (captcha.enabled) captcha.activate();
        if (hasPhone) preloadCountries();
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field) =>
        "phone" in field ? (
          <PhoneField
            key={field.key}
            id={`${form.id}-${field.key}`}
            country={form.country}
            onCountryChange={form.setCountry}
            value={form.values[field.key]}
            onChange={form.change(field.key)}
            required={field.required}
            error={field.required ? form.errorOf(field.key) : undefined}
          />
        ) : (
          <TextField
            key={field.key}
            id={`${form.id}-${field.key}`}
            name={field.name ?? field.key}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            multiline={field.multiline}
            hint={field.optional ? "(optional)" : undefined}
            value={form.values[field.key]}
            error={form.errorOf(field.key)}
            onChange={form.change(field.key)}
          />
        ),
      )}
      <FileField form={form} />
      {form.signals.field}
      {children}
      <CaptchaBlock captcha={captcha} mailbox={mailbox} />
      <button type="submit" className={styles.submit} disabled={form.sending || captcha.failed}>
        {form.sending ? submit.sending : submit.idle}
      </button>
      <p className={styles.success} role="status">
        {form.status}
      </p>
    </form>
  );
}

/** The file a form sends (the job application's CV), when it sends one, with its error next to it. */
function FileField<V extends FormValues<V>>({ form }: { form: LeadFormState<V> }) {
  const { upload } = form;
  if (!upload.spec) return null;
  const id = `${form.id}-${upload.spec.name}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {upload.spec.label}
      </label>
      <p className={styles.hint} id={`${id}-hint`}>
        {upload.spec.hint}
      </p>
      <input
        key={upload.generation}
        id={id}
        name={upload.spec.name}
        className={styles.file}
        type="file"
        accept={upload.spec.accept}
        aria-invalid={upload.error ? true : undefined}
        aria-describedby={upload.error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => upload.choose(event.target.files?.[0] ?? null)}
      />
      {upload.error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {upload.error}
        </p>
      )}
    </div>
  );
}

/** The form's captcha (spec §4), or, when it could not load, the way forward: the sales mailbox. */
export function CaptchaBlock({
  captcha,
  reserve,
  mailbox,
}: {
  captcha: LeadFormState<FormValues<object>>["captcha"];
  reserve?: boolean;
  /** where the visitor writes instead when the captcha cannot load; default the sales mailbox */
  mailbox?: string;
}) {
  const { site } = useSiteData();
  const to = mailbox ?? site.emails.sales;
  if (!captcha.enabled) return null;
  if (captcha.failed)
    return (
      <p className={styles.notice} role="alert">
        The spam check could not load, so this form cannot be sent right now. Please write to{" "}
        <a href={`mailto:${to}`}>{to}</a> instead.
      </p>
    );
  return (
    <div>
      <Captcha
        key={captcha.generation}
        siteKey={site.thirdParty.recaptchaSiteKey ?? ""}
        active={captcha.active}
        onChange={captcha.onChange}
        onFailed={captcha.onFailed}
        reserve={reserve}
      />
      {captcha.error && (
        <p className={styles.error} role="alert">
          {captcha.error}
        </p>
      )}
    </div>
  );
}

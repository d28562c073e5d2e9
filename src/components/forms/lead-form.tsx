import React from "react";
import { LEAD_ENDPOINT } from "../../lib/lead-client";
import { useSiteData } from "../layout/use-site-data";
import { Captcha } from "./captcha";
import { preloadCountries } from "./country-select";
import { carriedFields } from "../../lib/forms";
import { MESSAGES } from "../../lib/messages";
import { FileField, FormFields } from "./form-fields";
import { PhoneField } from "./phone-field";
import type { LeadFormState } from "./use-lead-form";
import * as styles from "./fields.module.css";

interface Props {
  form: LeadFormState;
  /** the form's accessible name, when it says more than the declaration's (an application's opening) */
  label?: string;
  /** what comes after the fields, before the button (the comment form's "save my details") */
  children?: React.ReactNode;
  /** where to write instead when the captcha cannot load; default the sales mailbox */
  mailbox?: string;
}

/** What makes a form post itself without script (method, action) and hands the send to script with it. */
export const postingForm = (
  form: { onSubmit: (event: React.FormEvent) => void },
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
    noValidate: !browserChecks,
    "aria-label": label,
  }) as const;

/**
 * The markup every form of the site shares: a real form that posts itself without script (method, action, named
 * fields), its fields with their errors, the spam signals, the captcha where there is one, the button, and a
 * status line for what a send says.
 */
export function LeadForm({ form, label, children, mailbox }: Props) {
  const { captcha, declaration, upload } = form;
  const hasPhone = declaration.fields.some((f) => f.control === "phone");
  return (
    <form
      className={styles.form}
      {...postingForm(form, label ?? declaration.label, declaration.browserChecks, Boolean(declaration.file))}
      onFocus={() => {
        if (captcha.enabled) captcha.activate();
        if (hasPhone) preloadCountries();
      }}
    >
      <LeadFields
        form={form}
        classes={styles}
        phone={(control) => (
          <PhoneField
            {...control}
            country={form.country}
            onCountryChange={form.setCountry}
            // an optional phone's error is never shown: it keeps digits only as it is typed
            error={control.field.required ? control.error : undefined}
          />
        )}
      />
      {declaration.file && (
        <FileField
          key={upload.generation}
          id={`${form.id}-${declaration.file.name}`}
          file={declaration.file}
          classes={styles}
          error={upload.error}
          onChoose={upload.choose}
        />
      )}
      {form.signals.field}
      {children}
      <CaptchaBlock captcha={captcha} mailbox={mailbox} />
      <button type="submit" className={styles.submit} disabled={form.sending || captcha.failed}>
        {form.sending ? declaration.submit.sending : declaration.submit.idle}
      </button>
      <p className={styles.success} role="status">
        {form.status}
      </p>
    </form>
  );
}

/**
 * A form's own part, as its hook holds it (use-lead-form.ts): its type and what it carries hidden, then its fields
 * with their errors (form-fields.tsx); the newsletter's too, its button `beside` its field.
 */
export function LeadFields({
  form,
  ...drawn
}: { form: LeadFormState } & Pick<React.ComponentProps<typeof FormFields>, "classes" | "phone" | "beside">) {
  const { site } = useSiteData();
  const { declaration } = form;
  return (
    <>
      <input type="hidden" name="type" value={site.labels[declaration.kind]} />
      {carriedFields(declaration).map(({ name }) => (
        <input key={name} type="hidden" name={name} value={form.carried[name] ?? ""} />
      ))}
      <FormFields
        form={declaration}
        id={form.id}
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        {...drawn}
      />
    </>
  );
}

/** The form's captcha (spec §4), or, when it could not load, the way forward: the sales mailbox. */
export function CaptchaBlock({
  captcha,
  reserve,
  mailbox,
}: {
  captcha: LeadFormState["captcha"];
  reserve?: boolean;
  /** where the visitor writes instead when the captcha cannot load; default the sales mailbox */
  mailbox?: string;
}) {
  const { site } = useSiteData();
  const to = mailbox ?? site.emails.sales;
  if (!captcha.enabled) return null;
  if (captcha.failed) {
    const [before, after] = MESSAGES.captchaUnavailable;
    return (
      <p className={styles.notice} role="alert">
        {before} <a href={`mailto:${to}`}>{to}</a> {after}
      </p>
    );
  }
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

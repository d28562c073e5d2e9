import React, { useId, useState } from "react";
import { INDIA, type Country } from "../../lib/countries";
import { LEAD_ENDPOINT } from "../../lib/lead-client";
import { MESSAGES } from "../../lib/messages";
import { buildContactPayload } from "../../lib/payloads";
import { digitsOnly, hasErrors, validateContact, type ContactErrors, type ContactValues } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { Captcha } from "./captcha";
import { preloadCountries } from "./country-select";
import { PhoneField } from "./phone-field";
import { TextField } from "./text-field";
import { useFormSignals } from "./use-form-signals";
import { useLeadSubmit } from "./use-lead-submit";
import * as styles from "./fields.module.css";

const empty: ContactValues = { name: "", email: "", phone: "", message: "" };
const india = INDIA;

/**
 * The enquiry form (spec §3–§5, §7, §8): validated on each change, captcha before sending. Without script it
 * posts itself to the endpoint (named fields, method and action), which answers with a page (src/lib/form-post.ts).
 */
export function ContactForm({ onSent, loadCaptchaNow = false }: { onSent?: () => void; loadCaptchaNow?: boolean }) {
  const { site } = useSiteData();
  const submitLead = useLeadSubmit();
  const signals = useFormSignals();
  const id = useId();
  const [values, setValues] = useState(empty);
  const [country, setCountry] = useState<Country>(india);
  const [shown, setShown] = useState<Set<keyof ContactValues>>(new Set());
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  // in the modal the captcha loads at once; inline, on the first focus, so no third party loads with the page
  const [captchaActive, setCaptchaActive] = useState(loadCaptchaNow);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [success, setSuccess] = useState("");

  const errors: ContactErrors = validateContact(values);
  const errorOf = (field: keyof ContactValues) => (shown.has(field) ? errors[field] : undefined);

  const change = (field: keyof ContactValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: field === "phone" ? digitsOnly(value) : value }));
    setShown((s) => new Set(s).add(field));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setShown(new Set(["name", "email", "message"]));
    if (hasErrors(errors)) return;
    if (!captchaToken) {
      setCaptchaError(MESSAGES.captcha);
      return;
    }
    setSending(true);
    try {
      await submitLead(signals.sign(buildContactPayload(values, country.code, site.labels), captchaToken), {
        firstName: values.name.trim(),
      });
      setValues(empty);
      setCountry(india);
      setShown(new Set());
      setCaptchaToken(null);
      setCaptchaKey((k) => k + 1);
      setSuccess(MESSAGES.contactSuccess);
      onSent?.();
    } catch {
      window.alert(MESSAGES.leadAlert);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.form}
      method="post"
      action={LEAD_ENDPOINT}
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact"
      onFocus={() => {
        setCaptchaActive(true);
        preloadCountries();
      }}
    >
      <input type="hidden" name="type" value={site.labels.contact} />
      <TextField
        id={`${id}-name`}
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        error={errorOf("name")}
        onChange={change("name")}
      />
      <TextField
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errorOf("email")}
        onChange={change("email")}
      />
      <PhoneField
        id={`${id}-phone`}
        country={country}
        onCountryChange={setCountry}
        value={values.phone}
        onChange={change("phone")}
      />
      <TextField
        id={`${id}-message`}
        name="info"
        label="Message"
        multiline
        value={values.message}
        error={errorOf("message")}
        onChange={change("message")}
      />
      {signals.field}
      {captchaFailed ? (
        <p className={styles.notice} role="alert">
          The spam check could not load, so this form cannot be sent right now. Please write to{" "}
          <a href={`mailto:${site.emails.sales}`}>{site.emails.sales}</a> instead.
        </p>
      ) : (
        <div>
          <Captcha
            key={captchaKey}
            siteKey={site.thirdParty.recaptchaSiteKey ?? ""}
            active={captchaActive}
            onChange={(token) => {
              setCaptchaToken(token);
              if (token) setCaptchaError(null);
            }}
            onFailed={() => setCaptchaFailed(true)}
          />
          {captchaError && (
            <p className={styles.error} role="alert">
              {captchaError}
            </p>
          )}
        </div>
      )}
      <button type="submit" className={styles.submit} disabled={sending || captchaFailed}>
        {sending ? "Sending…" : "Send message"}
      </button>
      <p className={styles.success} role="status">
        {success}
      </p>
    </form>
  );
}

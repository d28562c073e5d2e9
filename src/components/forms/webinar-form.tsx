import React, { useId, useState } from "react";
import { navigate } from "gatsby";
import { INDIA, type Country } from "../../lib/countries";
import { RECEIVED_PATHS } from "../../lib/form-post";
import { LEAD_ENDPOINT } from "../../lib/lead-client";
import { MESSAGES } from "../../lib/messages";
import { buildWebinarPayload } from "../../lib/payloads";
import { digitsOnly, hasErrors, validateRegistration, type RegistrationValues } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { preloadCountries } from "./country-select";
import { PhoneField } from "./phone-field";
import { TextField } from "./text-field";
import { useFormSignals } from "./use-form-signals";
import { useLeadSubmit } from "./use-lead-submit";
import * as styles from "./fields.module.css";

export const WEBINAR_SUCCESS_PATH = RECEIVED_PATHS.webinar;
const empty: RegistrationValues = { name: "", email: "", phone: "" };
const india = INDIA;

/**
 * Registration for one webinar: sent like a contact lead, then back to /webinar-Success-email. Without script the
 * form posts itself, and the endpoint sends the visitor to the same page.
 */
export function WebinarForm({ title }: { title: string }) {
  const { site } = useSiteData();
  const submitLead = useLeadSubmit();
  const signals = useFormSignals();
  const id = useId();
  const [values, setValues] = useState(empty);
  const [country, setCountry] = useState<Country>(india);
  const [shown, setShown] = useState(false);
  const [sending, setSending] = useState(false);
  const errors = validateRegistration(values);

  const change = (field: keyof RegistrationValues) => (value: string) =>
    setValues((v) => ({ ...v, [field]: field === "phone" ? digitsOnly(value) : value }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (hasErrors(errors)) return;
    setSending(true);
    try {
      const payload = buildWebinarPayload(values, country.code, title, site.labels);
      const { left } = await submitLead(signals.sign(payload), {
        firstName: payload.name,
        returnPath: WEBINAR_SUCCESS_PATH,
      });
      if (!left) await navigate(WEBINAR_SUCCESS_PATH);
    } catch {
      window.alert(MESSAGES.leadAlert);
      setSending(false);
    }
  };

  return (
    <form
      className={styles.form}
      method="post"
      action={LEAD_ENDPOINT}
      onSubmit={onSubmit}
      onFocus={preloadCountries}
      noValidate
      aria-label="Webinar registration"
    >
      <input type="hidden" name="type" value={site.labels.webinar} />
      <input type="hidden" name="info" value={title} />
      <TextField
        id={`${id}-name`}
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        error={shown ? errors.name : undefined}
        onChange={change("name")}
      />
      <TextField
        id={`${id}-email`}
        name="email"
        label="Work email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={shown ? errors.email : undefined}
        onChange={change("email")}
      />
      <PhoneField
        id={`${id}-phone`}
        country={country}
        onCountryChange={setCountry}
        value={values.phone}
        onChange={change("phone")}
      />
      {signals.field}
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? "Registering…" : "Register free"}
      </button>
    </form>
  );
}

import React, { useId, useState } from "react";
import { navigate } from "gatsby";
import { RECEIVED_PATHS } from "../../lib/form-post";
import { LEAD_ENDPOINT } from "../../lib/lead-client";
import { MESSAGES } from "../../lib/messages";
import { buildNewsletterPayload } from "../../lib/payloads";
import { validateNewsletter } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { useFormSignals } from "./use-form-signals";
import { useLeadSubmit } from "./use-lead-submit";
import * as styles from "./newsletter-form.module.css";

export const SUCCESS_EMAIL_PATH = RECEIVED_PATHS.newsletter;

/**
 * Newsletter subscription (spec §3, §5, §7): email only, then Web-to-Lead and back to /success-email. Without
 * script the form posts itself to the endpoint (never as a GET: the address stays out of every URL).
 */
export function NewsletterForm() {
  const { site } = useSiteData();
  const submitLead = useLeadSubmit();
  const signals = useFormSignals();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = validateNewsletter(email);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      const payload = buildNewsletterPayload(email, site.labels);
      const { left } = await submitLead(signals.sign(payload), {
        firstName: payload.email,
        returnPath: SUCCESS_EMAIL_PATH,
      });
      if (!left) await navigate(SUCCESS_EMAIL_PATH);
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
      noValidate
      aria-label="Newsletter"
    >
      <input type="hidden" name="type" value={site.labels.newsletter} />
      <label htmlFor={`${id}-email`} className="visually-hidden">
        Email address
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className={styles.submit} disabled={sending}>
          {sending ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      {signals.field}
      <p id={`${id}-error`} className={styles.error} role="alert">
        {error}
      </p>
    </form>
  );
}

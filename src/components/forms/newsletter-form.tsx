import React from "react";
import { RECEIVED_PATHS } from "../../lib/form-post";
import { buildNewsletterPayload } from "../../lib/payloads";
import { validateNewsletter } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { CaptchaBlock, postingForm } from "./lead-form";
import { useLeadForm } from "./use-lead-form";
import * as styles from "./newsletter-form.module.css";

export const SUCCESS_EMAIL_PATH = RECEIVED_PATHS.newsletter;
const empty = { email: "" };

/**
 * Newsletter subscription (spec §3, §5, §7): e-mail only, then Web-to-Lead and on to /success-email, where the
 * visitor reads that a confirmation is on its way (the double opt-in, docs/store.md#the-newsletter). Its one field
 * sits beside its button, so it draws its own markup around the forms' one path (use-lead-form.ts).
 */
export function NewsletterForm() {
  const { site } = useSiteData();
  const form = useLeadForm({
    kind: "newsletter",
    empty,
    validate: ({ email }) => {
      const problem = validateNewsletter(email);
      return problem ? { email: problem } : {};
    },
    showErrors: "on-submit",
    body: ({ email }, { labels }) => buildNewsletterPayload(email, labels),
    firstName: (lead) => lead.email,
    returnPath: SUCCESS_EMAIL_PATH,
    // a subscription mails its address a confirmation: the captcha keeps the form from mailing strangers
    captcha: "on-focus",
  });
  const error = form.errorOf("email");
  const id = form.id;

  return (
    <form className={styles.form} {...postingForm(form, "Newsletter")}>
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
          value={form.values.email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => form.change("email")(event.target.value)}
          // the captcha comes when the visitor starts to type, never on the button's press: a box appearing under a
          // finger's press moves the button away before the press ends (scroll anchoring), and the tap is lost
          onFocus={form.captcha.activate}
        />
        <button type="submit" className={styles.submit} disabled={form.sending}>
          {form.sending ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      {form.signals.field}
      <p id={`${id}-error`} className={styles.error} role="alert">
        {error}
      </p>
      {/* the footer's one-line form makes room for the captcha only once the visitor starts to subscribe */}
      <CaptchaBlock captcha={form.captcha} reserve={false} />
    </form>
  );
}

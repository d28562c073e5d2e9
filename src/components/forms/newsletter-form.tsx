import React from "react";
import { FORMS } from "../../lib/forms";
import { useSiteData } from "../layout/use-site-data";
import { CaptchaBlock, postingForm } from "./lead-form";
import { useLeadForm } from "./use-lead-form";
import * as styles from "./newsletter-form.module.css";

export const SUCCESS_EMAIL_PATH = FORMS.newsletter.received;
const [email] = FORMS.newsletter.fields;

/**
 * Newsletter subscription (spec §3, §5, §7): e-mail only (src/lib/forms.ts), then Web-to-Lead and on to /success-email, where the
 * visitor reads that a confirmation is on its way (the double opt-in, docs/store.md#the-newsletter). Its one field
 * sits beside its button, so it draws its own markup around the forms' one path (use-lead-form.ts).
 */
export function NewsletterForm() {
  const { site } = useSiteData();
  const form = useLeadForm({
    form: FORMS.newsletter,
    returnPath: SUCCESS_EMAIL_PATH,
  });
  const error = form.errorOf(email.name);
  const id = form.id;

  return (
    <form className={styles.form} {...postingForm(form, FORMS.newsletter.label)}>
      <input type="hidden" name="type" value={site.labels.newsletter} />
      <label htmlFor={`${id}-email`} className="visually-hidden">
        {email.label}
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          name={email.name}
          maxLength={email.max}
          autoComplete={email.autoComplete}
          placeholder="you@company.com"
          value={form.values[email.name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => form.change(email.name)(event.target.value)}
          // the captcha comes when the visitor starts to type, never on the button's press: a box appearing under a
          // finger's press moves the button away before the press ends (scroll anchoring), and the tap is lost
          onFocus={form.captcha.activate}
        />
        <button type="submit" className={styles.submit} disabled={form.sending}>
          {form.sending ? FORMS.newsletter.submit.sending : FORMS.newsletter.submit.idle}
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

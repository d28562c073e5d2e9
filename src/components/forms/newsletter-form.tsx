import React from "react";
import { FORMS } from "../../lib/forms";
import type { FieldClasses } from "./form-fields";
import { CaptchaBlock, LeadFields, postingForm } from "./lead-form";
import { useLeadForm } from "./use-lead-form";
import * as styles from "./newsletter-form.module.css";

export const SUCCESS_EMAIL_PATH = FORMS.newsletter.received;

/** Its field's label is read by assistive technology only: the footer's one line says what it is. */
const CLASSES: FieldClasses = {
  label: "visually-hidden",
  row: styles.row,
  input: styles.input,
  error: styles.error,
};

/**
 * Newsletter subscription (spec §3, §5, §7): e-mail only (src/lib/forms.ts), then Web-to-Lead and on to
 * /success-email, where the visitor reads that a confirmation is on its way (the double opt-in,
 * docs/store.md#the-newsletter). Its field, drawn as every form's (form-fields.tsx), sits in one line with its
 * button; the send is the forms' one path (use-lead-form.ts).
 */
export function NewsletterForm() {
  const form = useLeadForm({
    form: FORMS.newsletter,
    returnPath: SUCCESS_EMAIL_PATH,
  });
  const { declaration } = form;

  return (
    <form
      className={styles.form}
      {...postingForm(form, declaration.label)}
      // the captcha comes when the visitor starts to type, never on the button's press: a box appearing under a
      // finger's press moves the button away before the press ends (scroll anchoring), and the tap is lost
      onFocus={(event) => {
        if (!(event.target instanceof HTMLButtonElement)) form.captcha.activate();
      }}
    >
      <LeadFields
        form={form}
        classes={CLASSES}
        // it has no phone field (src/lib/forms.ts)
        phone={() => null}
        beside={
          <button type="submit" className={styles.submit} disabled={form.sending}>
            {form.sending ? declaration.submit.sending : declaration.submit.idle}
          </button>
        }
      />
      {form.signals.field}
      {/* the footer's one-line form makes room for the captcha only once the visitor starts to subscribe */}
      <CaptchaBlock captcha={form.captcha} reserve={false} />
    </form>
  );
}

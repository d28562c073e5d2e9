// What the site's own forms send besides the spec's fields (spec §7), for the endpoint's spam checks
// (src/server/spam.ts): the reCAPTCHA token of the contact form, how long the form was shown before it was sent,
// and a honeypot field that people and assistive technology never meet. The spec's fields are unchanged.

/** The body field of each signal. */
export const SIGNAL_FIELDS = { captcha: "captcha", elapsed: "elapsed", honeypot: "website" } as const;

/** Faster than this from showing a form to sending it, no person filled it in. */
export const MIN_HUMAN_MS = 2_000;

export interface FormSignals {
  captcha?: string;
  elapsed?: number;
  website?: string;
}

/** A form's body with its signals: the honeypot only when something filled it. */
export function withSignals<T extends object>(
  body: T,
  { shownAt, now, honeypot, captcha }: { shownAt: number; now: number; honeypot: string; captcha?: string },
): T & FormSignals {
  return {
    ...body,
    ...(captcha ? { [SIGNAL_FIELDS.captcha]: captcha } : {}),
    [SIGNAL_FIELDS.elapsed]: Math.max(0, Math.round(now - shownAt)),
    ...(honeypot ? { [SIGNAL_FIELDS.honeypot]: honeypot } : {}),
  };
}

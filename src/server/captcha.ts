/** Google's endpoint that checks a reCAPTCHA token: https://developers.google.com/recaptcha/docs/verify */
export const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

export type CaptchaCheck = { ok: true } | { ok: false; error: string };

/** siteverify could not be asked, or did not answer: never a reason to accept a submission. */
export class CaptchaUnavailable extends Error {
  code = "CAPTCHA_UNAVAILABLE";
}

/**
 * Asks siteverify whether a token is a solved challenge that was not used before. A token used twice, or too old,
 * is answered `timeout-or-duplicate`; one that was never issued, `invalid-input-response`.
 */
export async function verifyCaptcha(
  token: string | undefined,
  {
    secret,
    url = SITEVERIFY_URL,
    timeoutMs = 5_000,
    fetchImpl = fetch,
  }: { secret: string; url?: string; timeoutMs?: number; fetchImpl?: typeof fetch },
): Promise<CaptchaCheck> {
  if (!token) return { ok: false, error: "captcha is required: solve the reCAPTCHA" };
  let answer: { success?: boolean; "error-codes"?: string[] };
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret, response: token }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    throw new CaptchaUnavailable((error as Error).message);
  }
  if (answer.success === true) return { ok: true };
  const codes = answer["error-codes"] ?? [];
  // a secret Google does not accept is this site's fault, not the visitor's
  if (codes.some((c) => c.includes("secret"))) throw new CaptchaUnavailable(`siteverify: ${codes.join(", ")}`);
  return {
    ok: false,
    error: codes.includes("timeout-or-duplicate")
      ? "captcha was already used or has expired: solve the reCAPTCHA again"
      : "captcha is not a solved reCAPTCHA",
  };
}

import { MESSAGES } from "./messages";

// The one e-mail rule, for the forms and the endpoint (lead-rules.ts): text, at sign, text, dot, text (spec §5),
// where no part holds a space or a character an address never has unquoted (< > ( ) [ ] \ , ; : "), so that what
// is accepted can go into a mail header as it is.
const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const isEmail = (value: string): boolean => EMAIL_SHAPE.test(value.trim());

/** Phone is optional; only digits are kept while typing. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, "");

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}
export type ContactErrors = Partial<Record<keyof ContactValues | "captcha", string>>;

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = MESSAGES.required;
  if (!values.email.trim()) errors.email = MESSAGES.required;
  else if (!isEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  if (!values.message.trim()) errors.message = MESSAGES.required;
  return errors;
}

export function validateNewsletter(email: string): string | null {
  if (!email.trim()) return MESSAGES.newsletterEmpty;
  return isEmail(email) ? null : MESSAGES.newsletterInvalid;
}

export interface CommentValues {
  name: string;
  email: string;
  comment: string;
}
export type CommentErrors = Partial<Record<keyof CommentValues, string>>;

export function validateComment(values: CommentValues): CommentErrors {
  const errors: CommentErrors = {};
  if (!values.name.trim()) errors.name = MESSAGES.nameRequired;
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  if (!values.comment.trim()) errors.comment = MESSAGES.commentRequired;
  return errors;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text cannot be stored, or null: a NUL, a lone surrogate (half of a UTF-16 pair, which no UTF-8 can carry),
 * or U+FFFD, the character a decoder puts where the bytes were not UTF-8 (on Netlify the body reaches the function
 * decoded already, and a broken %-escape in a form post decodes to it too).
 */
export function unreadable(value: string): string | null {
  if (value.includes("\u0000")) return "holds a NUL character, which is not text";
  if (LONE_SURROGATE.test(value)) return "holds half of a character (a lone surrogate)";
  if (value.includes("\uFFFD")) return "holds bytes that are not UTF-8 text";
  return null;
}
export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);

/** A web page's address, http or https only: an applicant's LinkedIn profile or portfolio. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A job application's typed fields (issue 36); its opening travels hidden, its CV is a file. */
export interface ApplicationValues {
  name: string;
  email: string;
  phone: string;
  link: string;
  note: string;
}
export type ApplicationErrors = Partial<Record<keyof ApplicationValues, string>>;

/** An application: name, e-mail and phone required (the hiring team calls back); the link, when given, a web page. */
export function validateApplication(values: ApplicationValues): ApplicationErrors {
  const errors: ApplicationErrors = {};
  if (!values.name.trim()) errors.name = MESSAGES.required;
  if (!values.email.trim()) errors.email = MESSAGES.required;
  else if (!isEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  if (!values.phone.trim()) errors.phone = MESSAGES.required;
  if (values.link.trim() && !isWebAddress(values.link.trim())) errors.link = MESSAGES.invalidLink;
  return errors;
}

export type RegistrationValues = Omit<ContactValues, "message">;

/** Webinar registration: the contact form's rules for name and email; phone optional. */
export function validateRegistration(values: RegistrationValues): ContactErrors {
  const { name, email } = validateContact({ ...values, message: "-" });
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
}

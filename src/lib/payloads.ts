import type { LeadKind } from "./lead-rules";
import type { ApplicationValues, CommentValues, ContactValues } from "./validation";

// The JSON bodies of spec §3 and §7.

export interface FormLabels {
  contact: string;
  newsletter: string;
  comment: string;
  webinar: string;
  application: string;
}

export interface LeadPayload {
  type: string;
  info: string;
  email: string;
  phone: string;
  name: string;
}

export interface CommentPayload {
  name: string;
  email: string;
  comment: string;
  url: string;
  type: string;
}

/** The kind of form a body's `type` names (its label, spec §7), or null. */
export const kindOfType = (type: unknown, labels: FormLabels): LeadKind | null =>
  (Object.keys(labels) as LeadKind[]).find((kind) => labels[kind] === type) ?? null;

/** The phone as sent: dial code followed by the digits, or empty when no number was given. */
export const fullPhone = (dialCode: string, digits: string): string => (digits ? `${dialCode}${digits}` : "");

export function buildContactPayload(values: ContactValues, dialCode: string, labels: FormLabels): LeadPayload {
  return {
    type: labels.contact,
    info: values.message.trim(),
    email: values.email.trim(),
    phone: fullPhone(dialCode, values.phone),
    name: values.name.trim(),
  };
}

export function buildNewsletterPayload(email: string, labels: FormLabels): LeadPayload {
  return { type: labels.newsletter, email: email.trim(), phone: "null", info: labels.newsletter, name: "null" };
}

export function buildWebinarPayload(
  values: Omit<ContactValues, "message">,
  dialCode: string,
  webinarTitle: string,
  labels: FormLabels,
): LeadPayload {
  return {
    type: labels.webinar,
    info: webinarTitle,
    email: values.email.trim(),
    phone: fullPhone(dialCode, values.phone),
    name: values.name.trim(),
  };
}

/** A job application's fields as the endpoint reads them (its CV travels beside them, as a file). */
export interface ApplicationPayload extends LeadPayload {
  opening: string;
  link: string;
}

export function buildApplicationPayload(
  values: ApplicationValues,
  dialCode: string,
  opening: string,
  labels: FormLabels,
): ApplicationPayload {
  return {
    type: labels.application,
    name: values.name.trim(),
    email: values.email.trim(),
    phone: fullPhone(dialCode, values.phone),
    opening,
    link: values.link.trim(),
    info: values.note.trim(),
  };
}

export function buildCommentPayload(values: CommentValues, url: string, labels: FormLabels): CommentPayload {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    comment: values.comment.trim(),
    url,
    type: labels.comment,
  };
}

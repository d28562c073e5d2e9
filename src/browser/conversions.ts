// Conversions for Google Analytics (issue 44): a form sent and answered, or a booking Calendly reports from its
// popup, raises Google's recommended event (`generate_lead` for enquiries and bookings, `sign_up` for the
// newsletter) with the kind and the page's path: no personal data, and nothing at all unless the visitor allows
// analytics at that moment (a consent withdrawn during the visit sends nothing more). The tag is loaded, or not, by
// src/components/layout/analytics.tsx.
import { CALENDLY_ORIGIN } from "../lib/booking";
import { analyticsGranted, readConsent } from "../lib/consent";
import type { LeadKind } from "../lib/forms";

export type ConversionKind = LeadKind | "booking";

/** Google's recommended event for a kind, and its parameters. */
export function conversionEvent(kind: ConversionKind, path: string): [string, Record<string, string>] {
  return kind === "newsletter"
    ? ["sign_up", { method: "newsletter", page_path: path }]
    : ["generate_lead", { form_kind: kind, page_path: path }];
}

/** Raises the conversion when analytics is allowed now and Google's tag is on the page; says whether it did. */
export function reportConversion(kind: ConversionKind): boolean {
  const gtag = (window as { gtag?: (...args: unknown[]) => void }).gtag;
  if (typeof gtag !== "function" || !analyticsGranted(readConsent(document.cookie))) return false;
  const [name, params] = conversionEvent(kind, window.location.pathname);
  // a beacon, so that a form that goes on to another page still sends it
  gtag("event", name, { ...params, transport_type: "beacon" });
  return true;
}

let listening = false;

/**
 * Listens, once per page, for the booking Calendly's popup reports (its `calendly.event_scheduled` message), which
 * raises the booking's conversion. The webhook (src/server/calendly.ts) stores the booking itself.
 */
export function listenForBookings(): void {
  if (listening) return;
  listening = true;
  window.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as { event?: unknown } | null;
    if (event.origin === CALENDLY_ORIGIN && data?.event === "calendly.event_scheduled") reportConversion("booking");
  });
}

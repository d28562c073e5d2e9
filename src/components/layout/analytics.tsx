import React, { useEffect } from "react";
import { Script } from "gatsby";
import { analyticsGranted, CONSENT_DEFAULTS, consentUpdate, readConsent } from "../../lib/consent";

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Google Analytics 4, loaded once the page is idle (Gatsby Script API; spec §1), under Consent Mode v2: nothing is
 * granted before `config` unless the visitor accepted analytics earlier; the banner's answer updates it
 * (src/components/consent/). Nothing without a measurement id.
 */
export function Analytics({ id }: { id: string }) {
  useEffect(() => {
    if (window.gtag) return;
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads the arguments objects queued in dataLayer
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("consent", "default", CONSENT_DEFAULTS);
    if (analyticsGranted(readConsent(document.cookie))) window.gtag("consent", "update", consentUpdate(true));
    window.gtag("js", new Date());
    window.gtag("config", id, { anonymize_ip: true });
  }, [id]);
  return <Script src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`} strategy="idle" />;
}

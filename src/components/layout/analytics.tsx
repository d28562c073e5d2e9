import { useEffect } from "react";
import { analyticsGranted, CONSENT_DEFAULTS, CONSENT_EVENT, consentUpdate, readConsent } from "../../lib/consent";
import { whenIdle } from "../../browser/idle";
import { loadScript } from "../../browser/script-loader";
import { forgetFirstTouch, keepFirstTouch } from "../../browser/visit";

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const tagUrl = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
const disable = (id: string, off: boolean) => {
  // Google's own switch: while it is set, the tag sends nothing at all
  (window as unknown as Record<string, boolean>)[`ga-disable-${id}`] = off;
};

/** Google's tag, granted: queued commands first (gtag.js reads them from dataLayer), then the script. */
function startTag(id: string) {
  disable(id, false);
  if (window.gtag) return window.gtag("consent", "update", consentUpdate(true));
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("consent", "default", CONSENT_DEFAULTS);
  window.gtag("consent", "update", consentUpdate(true));
  window.gtag("js", new Date());
  window.gtag("config", id, { anonymize_ip: true });
  // the site works the same without it (a blocker, a network that refuses it)
  loadScript(tagUrl(id)).catch(() => undefined);
}

function stopTag(id: string) {
  window.gtag?.("consent", "update", consentUpdate(false));
  disable(id, true);
}

/**
 * What consent to analytics allows (docs/security.md#consent-and-analytics), in Consent Mode's basic set-up: Google's
 * tag (spec §1) is not requested before the visitor accepts analytics. For a visitor who accepted earlier it loads
 * once the page is idle; when the banner or the settings grant it, at once; withdrawn, storage is denied and the tag
 * sends nothing more from this page. The same answer keeps, or deletes, the visit's first touch (src/browser/visit.ts).
 */
export function Analytics({ id }: { id: string | null | undefined }) {
  useEffect(() => {
    const start = () => {
      keepFirstTouch();
      if (id) startTag(id);
    };
    let cancel = () => undefined as unknown;
    if (analyticsGranted(readConsent(document.cookie))) {
      keepFirstTouch();
      if (id) cancel = whenIdle(() => startTag(id));
    }
    const onAnswer = (event: Event) => {
      if ((event as CustomEvent<boolean>).detail) return start();
      forgetFirstTouch();
      if (id) stopTag(id);
    };
    window.addEventListener(CONSENT_EVENT, onAnswer);
    return () => {
      cancel();
      window.removeEventListener(CONSENT_EVENT, onAnswer);
    };
  }, [id]);
  return null;
}

import React, { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { readConsent, shouldAsk } from "../../lib/consent";
import { whenIdle } from "../../browser/idle";
import { ConsentBanner } from "./consent-banner";
import {
  consentComing,
  consentShown,
  hideConsentSettings,
  showConsent,
  subscribeConsent,
  type ConsentShown,
} from "./consent-state";

// the settings' code loads when they first open; if it cannot, they close again and the answer stays as it was
const ConsentSettings = lazy(() =>
  import(/* webpackChunkName: "consent-settings" */ "./consent-settings").catch(() => {
    hideConsentSettings();
    return { default: () => <></> };
  }),
);

/** Opens the consent banner or settings. */
export const openConsent = (what: keyof ConsentShown) => showConsent(what);

/** The link to the settings from any text of the site: the privacy policy's Markdown writes it as a plain link. */
export const SETTINGS_HASH = "#cookie-settings";

const NOTHING_SHOWN: ConsentShown = { banner: false, settings: false };

/**
 * The consent banner and settings (docs/security.md#consent-and-analytics). On a first visit, once the page is idle,
 * the banner asks for consent to analytics (src/lib/consent.ts); a visitor who has answered, or whose browser sends
 * the Global Privacy Control signal, is not asked. First in the Layout, so the banner comes first for a keyboard.
 * Nothing of it is in the page's HTML: without script there is no analytics to consent to.
 */
export function ConsentGate() {
  const shown = useSyncExternalStore(subscribeConsent, consentShown, () => NOTHING_SHOWN);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="${SETTINGS_HASH}"]`);
      if (!link) return;
      event.preventDefault();
      openConsent("settings");
    };
    document.addEventListener("click", onClick);
    const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
    let cancel = () => undefined as unknown;
    if (shouldAsk(readConsent(document.cookie), gpc)) {
      // the welcome popup waits from now: the banner is coming
      consentComing(true);
      cancel = whenIdle(() => openConsent("banner"));
    }
    return () => {
      document.removeEventListener("click", onClick);
      cancel();
    };
  }, []);

  return (
    <>
      {shown.banner && <ConsentBanner />}
      {shown.settings && (
        <Suspense fallback={null}>
          <ConsentSettings />
        </Suspense>
      )}
    </>
  );
}

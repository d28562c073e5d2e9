import { useEffect } from "react";
import { readConsent, shouldAsk } from "../../lib/consent";
import { whenIdle } from "../../lib/idle";
import { setConsentOnScreen } from "./consent-banner-state";

/** Opens the consent banner or settings; their code (and the library's) loads only now. */
export function openConsent(what: "banner" | "settings"): Promise<void> {
  return import("./consent-ui")
    .then((ui) => ui.showConsent(what))
    .catch(() => {
      // without the library nothing is granted: analytics stays denied, and the welcome popup may open
      setConsentOnScreen(false);
    });
}

/** The link to the settings from any text of the site: the privacy policy's Markdown writes it as a plain link. */
export const SETTINGS_HASH = "#cookie-settings";

/**
 * On a first visit, once the page is idle, asks for consent to analytics (src/lib/consent.ts); a visitor who has
 * answered, or whose browser sends the Global Privacy Control signal, is not asked.
 */
export function Consent() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="${SETTINGS_HASH}"]`);
      if (!link) return;
      event.preventDefault();
      void openConsent("settings");
    };
    document.addEventListener("click", onClick);
    const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
    let cancel = () => undefined as unknown;
    if (shouldAsk(readConsent(document.cookie), gpc)) {
      // the welcome popup waits from now: the banner is coming
      setConsentOnScreen(true);
      cancel = whenIdle(() => void openConsent("banner"));
    }
    return () => {
      document.removeEventListener("click", onClick);
      cancel();
    };
  }, []);
  return null;
}

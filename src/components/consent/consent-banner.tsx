import React, { useEffect, useId, useRef } from "react";
import { ANALYTICS, NECESSARY } from "../../lib/consent";
import { answerConsent, showConsent } from "./consent-state";
import * as styles from "./consent.module.css";

/**
 * While the banner shows, what is fixed to the screen's bottom (the chat button, `data-above-consent`) rises above
 * it with `translate`, which moves without laying anything out, and the page keeps the banner's height free below
 * its end and as scroll padding (global.css says why). Its height comes from a ResizeObserver, which measures after
 * the browser's own layout: reading offsetHeight here would force a layout of its own. Each value is set on the one
 * element it is for: a custom property on the root would be inherited by every element, and each change would
 * restyle the whole page.
 */
function place(height: number) {
  const px = height ? `${height}px` : "";
  document.documentElement.style.scrollPaddingBottom = px;
  document.body.style.paddingBottom = px;
  document.querySelectorAll<HTMLElement>("[data-above-consent]").forEach((element) => {
    element.style.translate = height ? `0 -${px}` : "";
  });
}

/**
 * The consent banner of a first visit (docs/security.md#consent-and-analytics): a bar at the screen's bottom with
 * three equal choices. It leaves the page usable, so it is a dialog that is not modal, and takes no focus: it comes
 * first in the page's order (consent-gate.tsx), so a keyboard reaches it in two Tabs.
 */
export function ConsentBanner() {
  const id = useId();
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = banner.current;
    if (!element || typeof ResizeObserver !== "function") return undefined;
    const resized = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      const box = entry.borderBoxSize?.[0];
      place(Math.round(box ? box.blockSize : entry.contentRect.height));
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      place(0);
    };
  }, []);

  return (
    <section
      ref={banner}
      className={styles.banner}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <div className={styles.texts}>
        <h2 id={`${id}-title`} className={styles.title}>
          Cookies and your privacy
        </h2>
        <p id={`${id}-text`} className={styles.text}>
          With your consent, Google Analytics counts which pages help visitors, and this tab remembers how your visit
          began, so a message you send tells us what brought you. Nothing else tracks you.{" "}
          <a href="/privacy-policy">Privacy policy</a>
        </p>
      </div>
      <div className={styles.choices}>
        <button type="button" className={styles.primary} onClick={() => answerConsent([NECESSARY, ANALYTICS])}>
          Accept all
        </button>
        <button type="button" className={styles.primary} onClick={() => answerConsent([NECESSARY])}>
          Reject all
        </button>
        <button type="button" className={styles.secondary} onClick={() => showConsent("settings")}>
          Settings
        </button>
      </div>
    </section>
  );
}

import React, { useState } from "react";
import { bookingUrl, CALENDLY_SCRIPT, CALENDLY_STYLES, type CalendlyApi } from "../../lib/booking";
import { isModifiedClick } from "../../lib/site-links";
import { loadScript, loadStylesheet } from "../../browser/script-loader";
import { useSiteData } from "../layout/use-site-data";
import * as styles from "../ui/button.module.css";

interface Props {
  variant?: keyof typeof styles;
  className?: string;
  children?: React.ReactNode;
}

/**
 * "Book a Free Consultation": opens the scheduling popup with the discussion prefilled (spec §1). The widget's
 * script and stylesheet load on the first click; it is a real link, so when they fail the booking page opens.
 */
export function ConsultationButton({ variant = "primary", className, children }: Props) {
  const { site } = useSiteData();
  const [busy, setBusy] = useState(false);
  const href = bookingUrl(site.thirdParty.calendlyUrl, site.thirdParty.calendlyPrefill);

  const onClick = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    setBusy(true);
    try {
      await Promise.all([loadScript(CALENDLY_SCRIPT), loadStylesheet(CALENDLY_STYLES)]);
      const calendly = (window as unknown as { Calendly?: CalendlyApi }).Calendly;
      if (!calendly) throw new Error("Calendly did not start");
      calendly.initPopupWidget({ url: href });
    } catch {
      window.location.assign(href);
    } finally {
      setBusy(false);
    }
  };

  return (
    <a
      className={[styles[variant], className].filter(Boolean).join(" ")}
      href={href}
      target="_blank"
      rel="noopener"
      aria-busy={busy || undefined}
      data-consultation=""
      onClick={onClick}
    >
      {children ?? "Book a Free Consultation"}
    </a>
  );
}

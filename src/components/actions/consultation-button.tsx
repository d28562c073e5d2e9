import React, { useState } from "react";
import { BOOKING_PATH, bookingUrl, CALENDLY_SCRIPT, CALENDLY_STYLES, type CalendlyApi } from "../../lib/booking";
import { isModifiedClick } from "../../lib/site-links";
import { listenForBookings } from "../../browser/conversions";
import { loadScript, loadStylesheet } from "../../browser/script-loader";
import { currentAttribution } from "../../browser/visit";
import { useSiteData } from "../layout/use-site-data";
import * as styles from "../ui/button.module.css";

interface Props {
  variant?: keyof typeof styles;
  className?: string;
  children?: React.ReactNode;
}

/**
 * "Book a Free Consultation": opens the scheduling popup with the discussion prefilled (spec §1) and the visit's
 * campaign, under the forms' consent rules (src/browser/visit.ts): the visit's first touch with consent to
 * analytics, else what this page's own address says. The widget's script and stylesheet load on the first click.
 * It is a real link to /api/book, which sends a visitor without script (or a new tab) on to the booking page with
 * this page's campaign; when the widget fails, the click goes to the booking page itself.
 */
export function ConsultationButton({ variant = "primary", className, children }: Props) {
  const { site } = useSiteData();
  const [busy, setBusy] = useState(false);

  const onClick = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    setBusy(true);
    const href = bookingUrl(site.thirdParty.calendlyUrl, site.thirdParty.calendlyPrefill, currentAttribution());
    try {
      await Promise.all([loadScript(CALENDLY_SCRIPT), loadStylesheet(CALENDLY_STYLES)]);
      const calendly = (window as unknown as { Calendly?: CalendlyApi }).Calendly;
      if (!calendly) throw new Error("Calendly did not start");
      listenForBookings();
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
      href={BOOKING_PATH}
      target="_blank"
      // a redirect of the site's own to the booking page: nothing for a search engine to follow
      rel="noopener nofollow"
      aria-busy={busy || undefined}
      data-consultation=""
      onClick={onClick}
    >
      {children ?? "Book a Free Consultation"}
    </a>
  );
}

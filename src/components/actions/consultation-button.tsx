import React from "react";
import { useSiteData } from "../layout/use-site-data";
import * as styles from "../ui/button.module.css";

interface Props {
  variant?: keyof typeof styles;
  className?: string;
  children?: React.ReactNode;
}

/** "Book a Free Consultation": a real link to the booking page (spec §1). */
export function ConsultationButton({ variant = "primary", className, children }: Props) {
  const { site } = useSiteData();
  return (
    <a
      className={[styles[variant], className].filter(Boolean).join(" ")}
      href={site.thirdParty.calendlyUrl}
      target="_blank"
      rel="noopener"
      data-consultation=""
    >
      {children ?? "Book a Free Consultation"}
    </a>
  );
}

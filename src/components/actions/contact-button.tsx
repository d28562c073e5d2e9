import React from "react";
import { isModifiedClick } from "../../lib/booking";
import { useVisitorActions } from "../modals/visitor-actions";
import * as styles from "../ui/button.module.css";

interface Props {
  variant?: keyof typeof styles;
  className?: string;
  children?: React.ReactNode;
}

/** "Contact Us" and "Book a Demo": open the contact modal; without script they lead to /contact. */
export function ContactButton({ variant = "secondary", className, children }: Props) {
  const { openContact } = useVisitorActions();
  return (
    <a
      className={[styles[variant], className].filter(Boolean).join(" ")}
      href="/contact"
      aria-haspopup="dialog"
      data-contact=""
      onClick={(event) => {
        if (isModifiedClick(event)) return;
        event.preventDefault();
        openContact();
      }}
    >
      {children ?? "Contact Us"}
    </a>
  );
}

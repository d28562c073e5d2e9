import React from "react";
import { isModifiedClick } from "../../lib/site-links";
import { CONTACT_DIALOG_ID } from "../modals/contact-ids";
import { useVisitorActions } from "../modals/visitor-actions";
import * as styles from "../ui/button.module.css";
import * as own from "./contact-button.module.css";

interface Props {
  variant?: keyof typeof styles;
  className?: string;
  children?: React.ReactNode;
}

// React 18 does not know commandfor and command: spelled in lower case it writes them as they are.
const invokes = { commandfor: CONTACT_DIALOG_ID, command: "show-modal" };

/**
 * "Contact Us" and "Book a Demo" open the contact modal, which is in the page's HTML (modals/contact-dialog.tsx).
 * Where the browser has Invoker Commands (the head's script says so: src/browser/invokers.ts), a button opens it
 * natively, before the page's script has run. Elsewhere, and where no script runs at all, a link shows instead: to
 * /contact until the page is hydrated, to the modal after. Both are in the HTML and CSS shows one, so hydration
 * changes nothing, and no control is ever one that does nothing.
 */
export function ContactButton({ variant = "secondary", className, children }: Props) {
  const { openContact } = useVisitorActions();
  const look = [styles[variant], className].filter(Boolean).join(" ");
  const label = children ?? "Contact Us";
  return (
    <>
      <button type="button" className={`${look} ${own.invoker}`} {...invokes} aria-haspopup="dialog" data-contact="">
        {label}
      </button>
      <a
        className={`${look} ${own.link}`}
        href="/contact"
        aria-haspopup="dialog"
        data-contact=""
        onClick={(event) => {
          if (isModifiedClick(event)) return;
          event.preventDefault();
          openContact();
        }}
      >
        {label}
      </a>
    </>
  );
}

import React from "react";
import { Link } from "gatsby";
import * as styles from "../ui/button.module.css";

interface Props {
  variant?: keyof typeof styles;
  className?: string;
  children?: React.ReactNode;
}

/** "Contact Us" and the "Book a Demo" style buttons: they lead to the enquiry form. */
export function ContactButton({ variant = "secondary", className, children }: Props) {
  return (
    <Link className={[styles[variant], className].filter(Boolean).join(" ")} to="/contact" data-contact="">
      {children ?? "Contact Us"}
    </Link>
  );
}

import React from "react";
import { Search } from "../icons/icons";
import { useVisitorActions } from "../modals/visitor-actions";
import * as styles from "./search-button.module.css";

/**
 * Opens the site search (also ⌘K / Ctrl+K); its code and index load only then. Where no script runs it is not shown
 * (search-button.module.css): it could not search there, and no control in the header may do nothing.
 */
export function SearchButton({
  className,
  label = false,
  onOpen,
}: {
  className?: string;
  /** the word beside the icon (the mobile menu), rather than for screen readers only */
  label?: boolean;
  onOpen?: () => void;
}) {
  const { openSearch } = useVisitorActions();
  return (
    <button
      type="button"
      className={[styles.button, className].filter(Boolean).join(" ")}
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      onClick={() => {
        onOpen?.();
        openSearch();
      }}
    >
      <Search size={20} />
      {label ? <span>Search</span> : <span className="visually-hidden">Search</span>}
    </button>
  );
}

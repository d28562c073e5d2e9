import React from "react";
import { Search } from "../icons/icons";
import { useVisitorActions } from "../modals/visitor-actions";

/** Opens the site search (also ⌘K / Ctrl+K); its code and index load only then. */
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
      className={className}
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

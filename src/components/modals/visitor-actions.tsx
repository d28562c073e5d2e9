import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { WELCOME_POPUP_DELAY_MS } from "../../lib/constants";
import { readStored, STORAGE_KEYS, writeStored } from "../../lib/storage";
import { whenConsentAnswered } from "../consent/consent-banner-state";
import { keepTypedAhead } from "../search/typed-ahead";
import { CONTACT_DIALOG_ID } from "./contact-ids";

interface VisitorActions {
  /** opens the contact modal (contact-dialog.tsx), which is in every page's HTML; each opening has a fresh form */
  openContact: () => void;
  welcomeOpen: boolean;
  openWelcome: () => void;
  closeWelcome: () => void;
  /** the site search (src/components/search/): opened by its buttons and by ⌘K / Ctrl+K */
  searchOpen: boolean;
  openSearch: () => void;
  closeSearch: () => void;
}

/** What the welcome popup's and the search's "contact us" do; the page's own buttons are invokers. */
function openContact() {
  const dialog = document.getElementById(CONTACT_DIALOG_ID);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

const Context = createContext<VisitorActions>({
  openContact,
  welcomeOpen: false,
  openWelcome: () => undefined,
  closeWelcome: () => undefined,
  searchOpen: false,
  openSearch: () => undefined,
  closeSearch: () => undefined,
});

/**
 * State that outlives page changes: the welcome popup, the search. It listens to nothing itself: Gatsby renders
 * wrapRootElement's tree (src/root.tsx) a second time around each page's `Head`, so what listens or counts time
 * lives in VisitorActionsTriggers, which the page's Layout renders once.
 */
export function VisitorActionsProvider({ children }: { children: React.ReactNode }) {
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  const openWelcome = useCallback(() => setWelcomeOpen(true), []);
  const closeWelcome = useCallback(() => setWelcomeOpen(false), []);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const value = useMemo(
    () => ({
      openContact,
      welcomeOpen,
      openWelcome,
      closeWelcome,
      searchOpen,
      openSearch,
      closeSearch,
    }),
    [welcomeOpen, openWelcome, closeWelcome, searchOpen, openSearch, closeSearch],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useVisitorActions = () => useContext(Context);

/** What the visitor's actions wait for on every page: ⌘K / Ctrl+K, and the welcome popup's 30 s (spec §4). */
export function VisitorActionsTriggers() {
  const { searchOpen, openSearch, openWelcome } = useVisitorActions();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      openSearch();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [openSearch]);

  useEffect(() => (searchOpen ? keepTypedAhead() : undefined), [searchOpen]);

  useEffect(() => {
    if (readStored("session", STORAGE_KEYS.popupShown)) return;
    let cancel = () => undefined as unknown;
    // at 30 s, or once the consent banner is answered if it is still on screen then: never both at once
    const timer = window.setTimeout(() => {
      cancel = whenConsentAnswered(() => {
        writeStored("session", STORAGE_KEYS.popupShown, "true");
        openWelcome();
      });
    }, WELCOME_POPUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancel();
    };
  }, [openWelcome]);

  return null;
}

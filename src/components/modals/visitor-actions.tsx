import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { WELCOME_POPUP_DELAY_MS } from "../../lib/constants";
import { readStored, STORAGE_KEYS, writeStored } from "../../lib/storage";
import { whenConsentAnswered } from "../consent/consent-banner-state";
import { keepTypedAhead } from "../search/typed-ahead";

interface VisitorActions {
  /** how many times the contact modal was asked for; each request opens it with a fresh form */
  contactRequests: number;
  openContact: () => void;
  welcomeOpen: boolean;
  closeWelcome: () => void;
  /** the site search (src/components/search/): opened by its buttons and by ⌘K / Ctrl+K */
  searchOpen: boolean;
  openSearch: () => void;
  closeSearch: () => void;
}

const Context = createContext<VisitorActions>({
  contactRequests: 0,
  openContact: () => undefined,
  welcomeOpen: false,
  closeWelcome: () => undefined,
  searchOpen: false,
  openSearch: () => undefined,
  closeSearch: () => undefined,
});

/** State that outlives page changes: contact modal requests, the welcome popup's timer (spec §4), the search. */
export function VisitorActionsProvider({ children }: { children: React.ReactNode }) {
  const [contactRequests, setContactRequests] = useState(0);
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      setSearchOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => (searchOpen ? keepTypedAhead() : undefined), [searchOpen]);

  useEffect(() => {
    if (readStored("session", STORAGE_KEYS.popupShown)) return;
    let cancel = () => undefined as unknown;
    // at 30 s, or once the consent banner is answered if it is still on screen then: never both at once
    const timer = window.setTimeout(() => {
      cancel = whenConsentAnswered(() => {
        writeStored("session", STORAGE_KEYS.popupShown, "true");
        setWelcomeOpen(true);
      });
    }, WELCOME_POPUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancel();
    };
  }, []);

  const openContact = useCallback(() => setContactRequests((n) => n + 1), []);
  const closeWelcome = useCallback(() => setWelcomeOpen(false), []);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const value = useMemo(
    () => ({ contactRequests, openContact, welcomeOpen, closeWelcome, searchOpen, openSearch, closeSearch }),
    [contactRequests, openContact, welcomeOpen, closeWelcome, searchOpen, openSearch, closeSearch],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useVisitorActions = () => useContext(Context);

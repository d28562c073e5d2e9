import React, { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { WELCOME_POPUP_DELAY_MS } from "../../lib/constants";
import { readStored, STORAGE_KEYS, writeStored } from "../../browser/storage";
import { whenConsentAnswered } from "../consent/consent-state";
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

/** Which of the visitor's dialogs are open. */
interface Flags {
  welcomeOpen: boolean;
  searchOpen: boolean;
}
const CLOSED: Flags = { welcomeOpen: false, searchOpen: false };

/** What the welcome popup's and the search's "contact us" do; the page's own buttons are invokers. */
function openContact() {
  const dialog = document.getElementById(CONTACT_DIALOG_ID);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

/** The open dialogs, and who listens: components read them with useSyncExternalStore. */
function createStore() {
  // not named "flags": Babel's polyfill detection would take `.flags` for RegExp's and bring 4 KB of core-js
  let open = CLOSED;
  const listeners = new Set<() => void>();
  const set = (next: Partial<Flags>) => {
    open = { ...open, ...next };
    listeners.forEach((listener) => listener());
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot: () => open,
    openContact,
    openWelcome: () => set({ welcomeOpen: true }),
    closeWelcome: () => set({ welcomeOpen: false }),
    openSearch: () => set({ searchOpen: true }),
    closeSearch: () => set({ searchOpen: false }),
  };
}
type Store = ReturnType<typeof createStore>;

// Outside a provider (a component rendered alone): a store of its own, as before any provider existed
const Context = createContext<Store>(createStore());

/**
 * State that outlives page changes: the welcome popup, the search. The context's value is the store and never
 * changes: a context whose value changes reaches every part of the page below it, and a part React has not
 * hydrated yet would then be thrown away and rendered again (React error #421; src/browser/hydrate.ts). Only the
 * components that read the flags render again when a dialog opens or closes. It listens to nothing itself: Gatsby
 * renders wrapRootElement's tree (src/root.tsx) a second time around each page's `Head`, so what listens or counts
 * time lives in VisitorActionsTriggers, which the page's Layout renders once.
 */
export function VisitorActionsProvider({ children }: { children: React.ReactNode }) {
  const [store] = useState(createStore);
  return <Context.Provider value={store}>{children}</Context.Provider>;
}

const serverFlags = () => CLOSED;

/** The actions, and whether the welcome popup and the search are open. */
export function useVisitorActions(): VisitorActions {
  const store = useContext(Context);
  const open = useSyncExternalStore(store.subscribe, store.snapshot, serverFlags);
  return useMemo(
    () => ({
      openContact: store.openContact,
      openWelcome: store.openWelcome,
      closeWelcome: store.closeWelcome,
      openSearch: store.openSearch,
      closeSearch: store.closeSearch,
      ...open,
    }),
    [store, open],
  );
}

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

import React, { useCallback, useEffect, useId, useRef, useState } from "react";
import { navigate } from "gatsby";
import { isModifiedClick } from "../../lib/site-links";
import { excerptParts, SEARCH_BUNDLE, SEARCH_RESULTS, sectionOf } from "../../lib/search";
import { Close, Search } from "../icons/icons";
import { useVisitorActions } from "../modals/visitor-actions";
import { wrapFocus } from "../modals/wrap-focus";
import { takeTypedAhead } from "./typed-ahead";
import * as modalStyles from "../modals/modal.module.css";
import * as styles from "./search.module.css";

interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  debouncedSearch(
    query: string,
    options?: Record<string, unknown>,
    ms?: number,
  ): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
}

let loading: Promise<Pagefind> | null = null;
/** Pagefind's browser code and index, built after the site (scripts/search-index.mjs), fetched on first opening. */
function loadPagefind(): Promise<Pagefind> {
  loading ??= (import(/* webpackIgnore: true */ SEARCH_BUNDLE) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.options({ excerptLength: 22 });
    return pagefind;
  });
  loading.catch(() => (loading = null));
  return loading;
}

type State = { kind: "idle" } | { kind: "results"; query: string; results: PagefindResult[] } | { kind: "unavailable" };

/**
 * The site search in a modal dialog: results as the visitor types (title, section, an excerpt with the matched
 * words marked), each a link to its page; ↑ ↓ move, Enter opens, Escape closes (a native <dialog>).
 */
export default function SearchDialog() {
  const { closeSearch, openContact } = useVisitorActions();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [active, setActive] = useState(0);
  const id = useId();

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    // what was typed while this loaded starts the field (typed-ahead.ts); the next keys follow it
    const typed = takeTypedAhead();
    if (typed) setQuery(typed);
    input.current?.focus();
    loadPagefind().catch(() => setState({ kind: "unavailable" }));
  }, []);

  useEffect(() => {
    const text = query.trim();
    if (!text) return setState({ kind: "idle" });
    let current = true;
    loadPagefind()
      .then((pagefind) => pagefind.debouncedSearch(text, {}, 120))
      .then(async (search) => {
        if (!search || !current) return;
        const results = await Promise.all(search.results.slice(0, SEARCH_RESULTS).map((r) => r.data()));
        if (!current) return;
        setState({ kind: "results", query: text, results });
        setActive(0);
      })
      .catch(() => current && setState({ kind: "unavailable" }));
    return () => {
      current = false;
    };
  }, [query]);

  const close = useCallback(() => dialog.current?.close(), []);
  const open = (url: string) => {
    close();
    void navigate(url);
  };
  const results = state.kind === "results" ? state.results : [];
  const contactUs = (
    <button
      type="button"
      className={styles.contact}
      onClick={() => {
        close();
        openContact();
      }}
    >
      Contact us
    </button>
  );
  const optionId = (i: number) => `${id}-${i}`;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    // a search field's own Escape only empties it: here Escape closes the search, whatever was typed
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (!results.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (a + step + results.length) % results.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(results[active].url);
    }
  };

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  return (
    <dialog
      ref={dialog}
      className={`${modalStyles.surface} ${styles.dialog}`}
      aria-labelledby={`${id}-title`}
      onClose={closeSearch}
      onKeyDown={wrapFocus}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        Search
      </h2>
      <div className={styles.bar}>
        <Search size={20} className={styles.icon} />
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Search the site
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          className={styles.input}
          type="search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={`${id}-list`}
          aria-activedescendant={results.length ? optionId(active) : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search services, industries, posts…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={styles.close} onClick={close}>
          <Close size={20} />
          <span className="visually-hidden">Close search</span>
        </button>
      </div>
      <div id={`${id}-list`} role="listbox" aria-label="Results" className={styles.results}>
        {results.map((result, i) => (
          // each option is a link: the address shows on hover, and a middle-click or Ctrl+click opens a new tab;
          // the input keeps focus and moves through them by aria-activedescendant
          <a
            key={result.url}
            id={optionId(i)}
            href={result.url}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className={styles.result}
            onMouseDown={(event) => {
              if (event.button === 0) event.preventDefault(); // the field keeps focus
            }}
            onClick={(event) => {
              if (isModifiedClick(event)) return;
              event.preventDefault();
              open(result.url);
            }}
            onMouseMove={() => setActive(i)}
          >
            <span className={styles.section}>{sectionOf(result.url)}</span>
            <span className={styles.title}>{result.meta.title ?? result.url}</span>
            <span className={styles.excerpt}>
              {excerptParts(result.excerpt).map((part, n) =>
                part.marked ? <mark key={n}>{part.text}</mark> : <React.Fragment key={n}>{part.text}</React.Fragment>,
              )}
            </span>
          </a>
        ))}
      </div>
      <div role="status" className={styles.status}>
        {state.kind === "results" && state.results.length === 0 && (
          <>
            <p>No results for “{state.query}”.</p>
            <p>Tell us what you are looking for and a consultant will answer. {contactUs}</p>
          </>
        )}
        {state.kind === "results" && state.results.length > 0 && (
          <p className="visually-hidden">{`${state.results.length} results`}</p>
        )}
        {state.kind === "unavailable" && <p>Search is not available right now. {contactUs}</p>}
      </div>
      <p className={styles.hint} aria-hidden="true">
        <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
      </p>
    </dialog>
  );
}

import React, { createContext, memo, startTransition, useContext, useEffect, useId, useRef } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { StaticQueryContext } from "gatsby";
import { adoptTypedValues } from "../../browser/typed-before-hydration";
import { ISLANDS, type IslandName, type IslandProps } from "./islands";
import { firstPaint, ShownSince } from "./shown-since";
import { whenToWake, type Wake } from "./wake";

/** The page's static queries, which an island's components read (useSiteData) from a root of their own. */
export type StaticQueries = React.ContextType<typeof StaticQueryContext>;

/** Renders one island to HTML; given by gatsby-ssr.tsx, so the islands' code stays out of the first scripts. */
export type RenderIsland = (
  name: IslandName,
  props: object,
  queries: StaticQueries,
  identifierPrefix: string,
) => string;
export const IslandServerRender = createContext<RenderIsland | null>(null);

/**
 * What an island's root renders, on the server and in the browser alike: its component with the page's static
 * queries; in the browser, once hydrated, `onReady` runs after every effect inside (a parent's effect runs after
 * its children's).
 */
export function IslandRoot({
  queries,
  shownSince = null,
  onReady,
  children,
}: {
  queries: StaticQueries;
  shownSince?: number | null;
  onReady?: () => void;
  children: React.ReactNode;
}) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <StaticQueryContext.Provider value={queries}>
      <ShownSince.Provider value={shownSince}>{children}</ShownSince.Provider>
    </StaticQueryContext.Provider>
  );
}

/** An island's props: optional where its component needs none. */
type PropsOf<N extends IslandName> =
  Record<string, never> extends IslandProps<N> ? { props?: IslandProps<N> } : { props: IslandProps<N> };
const NO_PROPS = {};

/**
 * A part of the page that its own React root hydrates later than the page, when it is needed (`wake`), so that
 * its code is not among the page's first scripts and hydrating the page does not wait for it. Until then it is
 * the server's HTML, which works alone: a form posts itself, the dialog's close button closes it. React leaves
 * alone what is inside an element rendered with dangerouslySetInnerHTML, and as long as the string stays the same
 * never touches it again: the server writes the island's HTML, the browser an empty string (the warning React's
 * development build would give for that is silenced).
 * A root of its own rather than a Suspense boundary of the page's root that waits for the code: such a boundary gets
 * every change of a context above it (a route change, a dialog opening), and React then throws its server HTML away
 * and renders it again, empty (error #421).
 * The root is an element inside the one the page's root renders (`data-island-root`), never that one itself: for a
 * press or a send that comes while the island hydrates, React looks up the element its root is on, and on the
 * page's own element it found the page's part instead of the island's root, could not hydrate it at once, and
 * stopped the event there: the form went as HTML posts it, past the script (seen in Firefox).
 * Mounted without server HTML (after a move within the site, or under `gatsby develop`), it renders at once.
 * Its props are read once, when it wakes: a page's islands come and go with the page.
 */
function IslandOf<N extends IslandName>({ name, wake, ...rest }: { name: N; wake: Wake } & PropsOf<N>) {
  const props: object = rest.props ?? NO_PROPS;
  const container = useRef<HTMLDivElement>(null);
  const render = useContext(IslandServerRender);
  const queries = useContext(StaticQueryContext);
  const prefix = `${name}${useId()}`;
  const latest = useRef({ props, queries });
  latest.current = { props, queries };

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let root: Root | undefined;
    let stopped = false;
    const served = element.querySelector<HTMLElement>(`:scope > [${ROOT_ATTRIBUTE}]`);
    const rendered = served !== null;
    const host = served ?? element.appendChild(rootElement());
    let started = false;
    let stopWaiting: () => void = () => {};
    const start = () => {
      if (started) return;
      started = true;
      stopWaiting();
      loadOnce(name).then(
        ({ default: loaded }) => {
          const Component = loaded as React.ComponentType<object>;
          if (stopped) return;
          const onReady = () => {
            element.dataset.hydrated = "";
            if (rendered) replayWhatCameFirst(host);
            letHeldGo();
          };
          const island = (
            <IslandRoot queries={latest.current.queries} shownSince={rendered ? firstPaint() : null} onReady={onReady}>
              <Component {...latest.current.props} />
            </IslandRoot>
          );
          if (rendered) startTransition(() => void (root = hydrateRoot(host, island, { identifierPrefix: prefix })));
          else (root = createRoot(host, { identifierPrefix: prefix })).render(island);
        },
        // its code could not come (offline, a new deploy): the HTML goes on working, a held send goes as HTML posts it
        () => letHeldGo(),
      );
    };
    // a form sent before the island woke (a browser that clicks with no pointer or focus events first) wakes it too
    const letHeldGo = holdSubmits(host, start);
    if (rendered) stopWaiting = whenToWake(host, wake, start);
    else start();
    return () => {
      stopped = true;
      stopWaiting();
      letHeldGo();
      // not while the page's root is rendering: React would warn of a root unmounted during another's render
      if (root) setTimeout(() => root?.unmount(), 0);
    };
  }, [name, prefix, wake]);

  return (
    <div
      ref={container}
      data-island={name}
      dangerouslySetInnerHTML={{
        __html: render ? `<div ${ROOT_ATTRIBUTE}="">${render(name, props, queries, prefix)}</div>` : "",
      }}
      suppressHydrationWarning
    />
  );
}

/** The element an island's root is on: it draws no box either (global.css). */
const ROOT_ATTRIBUTE = "data-island-root";
function rootElement(): HTMLElement {
  const element = document.createElement("div");
  element.setAttribute(ROOT_ATTRIBUTE, "");
  return element;
}

/** An island's code; asked for once more, a second later, when it did not come (a connection dropped on the way). */
const loadOnce = (name: IslandName): Promise<{ default: unknown }> => {
  const load = ISLANDS[name] as () => Promise<{ default: unknown }>;
  return load().catch(() => new Promise((resolve) => setTimeout(resolve, 1_000)).then(load));
};

// memo: the page's root re-renders a layout's island only when its props change, and the string stays "" anyway
export const Island = memo(IslandOf) as typeof IslandOf;

/**
 * A form sent before its island's code has hydrated it waits for it (and wakes it), and then goes as script sends
 * it; if the code cannot come, it goes as the browser posts it without script. Returns what lets it go, either way.
 */
function holdSubmits(element: HTMLElement, wake: () => void) {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter };
    wake();
  };
  element.addEventListener("submit", onSubmit, true);
  // after React has taken in what the island was handed as it woke (the text typed: it does so in a microtask)
  const letGo = () => {
    element.removeEventListener("submit", onSubmit, true);
    queueMicrotask(() => {
      const what = held;
      held = null;
      if (!what?.form.isConnected) return;
      what.form.requestSubmit(what.submitter instanceof HTMLButtonElement ? what.submitter : undefined);
    });
  };
  return letGo;
}

/**
 * What the visitor did in the server's HTML before the island's code came, handed to it: the text typed (React's
 * state did not see it), and the focus (a form loads its captcha when it is focused): React listens for `focusin`
 * where its root is, so the field that has the focus says so again.
 */
function replayWhatCameFirst(element: HTMLElement) {
  element.querySelectorAll("form").forEach((form) => adoptTypedValues(form));
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && element.contains(focused))
    focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
}

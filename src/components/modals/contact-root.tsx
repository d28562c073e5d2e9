import React, { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { StaticQueryContext } from "gatsby";
import ContactModal from "./contact-modal";

/** The static queries of the page, which the modal's content reads (useSiteData). */
export type StaticQueries = React.ContextType<typeof StaticQueryContext>;

/**
 * The contact modal's content as a React root of its own, inside the page's <dialog> (contact-dialog.tsx). Its
 * ids are its own (useId), so that the server's HTML and this root agree and never clash with the page's.
 */
export const CONTACT_ID_PREFIX = "contact-";

export function ContactRoot({ staticQueries }: { staticQueries: StaticQueries }) {
  return (
    <StaticQueryContext.Provider value={staticQueries}>
      <ContactModal />
    </StaticQueryContext.Provider>
  );
}

/**
 * Hydrates the server's HTML of the content in `container`, time-sliced (src/browser/hydrate.ts says why); where
 * there is none (`gatsby develop`, unit tests), renders it.
 */
export function hydrateContact(container: Element, staticQueries: StaticQueries): void {
  const element = <ContactRoot staticQueries={staticQueries} />;
  if (!container.hasChildNodes()) {
    createRoot(container, { identifierPrefix: CONTACT_ID_PREFIX }).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element, { identifierPrefix: CONTACT_ID_PREFIX });
  });
}

import React from "react";
import { ConsentGate } from "../consent/consent-gate";
import { ModalHosts } from "../modals/modal-hosts";
import { VisitorActionsTriggers } from "../modals/visitor-actions";
import { Analytics } from "./analytics";
import { ChatButton } from "./chat-button";
import { Footer } from "./footer";
import { CurrentPath } from "../ui/site-link";
import { Header } from "./header";
import { useSiteData } from "./use-site-data";
import * as styles from "./layout.module.css";

/** The main content's id: the skip link's target, and what the page's first frame waits for (gatsby-ssr.tsx). */
export const MAIN_ID = "main";

/**
 * The frame of every page: skip link, header, main content, footer and the chat button; and, once per visit (the
 * Layout stays mounted from page to page), what waits for the visitor: the dialogs, ⌘K, the welcome popup's timer
 * and the consent banner.
 */
export function Layout({
  pathname,
  menus = true,
  children,
}: {
  pathname: string;
  /** false: the header without its menus and search (a campaign's page), the rest of the frame as on every page */
  menus?: boolean;
  children: React.ReactNode;
}) {
  const { site } = useSiteData();
  return (
    <CurrentPath.Provider value={pathname}>
      {/* first, so that a keyboard reaches the consent banner in two Tabs rather than after every link */}
      <ConsentGate />
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <Header pathname={pathname} menus={menus} />
      {/* data-pagefind-body: the site search reads only this (scripts/search-index.mjs) */}
      <main id={MAIN_ID} tabIndex={-1} className={styles.main} data-pagefind-body="">
        {children}
      </main>
      <Footer />
      <ChatButton url={site.messaging.url} label={site.messaging.label} />
      <ModalHosts />
      <VisitorActionsTriggers />
      <Analytics id={site.thirdParty.gaMeasurementId} />
    </CurrentPath.Provider>
  );
}

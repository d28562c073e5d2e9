import React from "react";
import { ModalHosts } from "../modals/modal-hosts";
import { Analytics } from "./analytics";
import { ChatButton } from "./chat-button";
import { Footer } from "./footer";
import { Header } from "./header";
import { useSiteData } from "./use-site-data";
import * as styles from "./layout.module.css";

/** The frame of every page: skip link, header, main content, footer and the chat button. */
export function Layout({ pathname, children }: { pathname: string; children: React.ReactNode }) {
  const { site } = useSiteData();
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header pathname={pathname} />
      {/* data-pagefind-body: the site search reads only this (scripts/search-index.mjs) */}
      <main id="main" tabIndex={-1} className={styles.main} data-pagefind-body="">
        {children}
      </main>
      <Footer />
      <ChatButton url={site.messaging.url} label={site.messaging.label} />
      <ModalHosts />
      {site.thirdParty.gaMeasurementId && <Analytics id={site.thirdParty.gaMeasurementId} />}
    </>
  );
}

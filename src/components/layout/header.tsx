import React, { useEffect, useState } from "react";
import { SiteLink } from "../ui/site-link";
import { HEADER_FIXED_AT_PX } from "../../lib/constants";
import { ConsultationButton } from "../actions/consultation-button";
import { ContactButton } from "../actions/contact-button";
import { DesktopNav } from "./desktop-nav";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { SearchButton } from "../search/search-button";
import { useSiteData } from "./use-site-data";
import * as styles from "./header.module.css";

/** The site header: fixed once the page has scrolled 5 px (spec §2), its height always reserved. */
export function Header({ pathname, menus = true }: { pathname: string; menus?: boolean }) {
  const { site, menu } = useSiteData();
  const [fixed, setFixed] = useState(false);

  useEffect(() => {
    const update = () => setFixed(window.scrollY >= HEADER_FIXED_AT_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  return (
    <div className={menus ? styles.slot : `${styles.slot} ${styles.focused}`}>
      <header className={styles.header} data-fixed={fixed ? "true" : "false"}>
        <div className={styles.inner}>
          <SiteLink to="/" className={styles.logo}>
            <Logo name={site.company.name} />
          </SiteLink>
          {menus && <DesktopNav items={menu} pathname={pathname} />}
          {menus && <SearchButton className={styles.search} />}
          <div className={styles.actions}>
            <ContactButton variant="secondary" className={styles.contact} />
            <ConsultationButton variant="primary" className={styles.book} />
          </div>
          {menus && <MobileMenu items={menu} pathname={pathname} />}
        </div>
      </header>
    </div>
  );
}

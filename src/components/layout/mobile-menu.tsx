import React, { useEffect, useId, useRef, useState } from "react";
import { SiteLink } from "../ui/site-link";
import { isCurrentSection, type MenuItem } from "../../lib/menu";
import { ConsultationButton } from "../actions/consultation-button";
import { ContactButton } from "../actions/contact-button";
import { ChevronDown, Close, Menu } from "../icons/icons";
import { wrapFocus } from "../modals/wrap-focus";
import { SearchButton } from "../search/search-button";
import { MenuGroup, SubLinks } from "./mega-menu";
import * as styles from "./mobile-menu.module.css";

// React 18 knows neither the popover attribute nor popovertarget: spelled in lower case it writes them as they
// are, and its types do not list them (hence a spread)
const popover = { popover: "auto" };
const invokes = (id: string, action?: "hide") => ({ popovertarget: id, popovertargetaction: action });

/**
 * Below 1024 px: a slide-in menu that the browser opens itself (Popover API), so it works from the first paint,
 * before and without script: Escape and a tap outside close it, focus goes to its close button (autofocus) and
 * back to the menu button. Script adds keeping Tab inside, closing after a link, and a truthful aria-expanded.
 */
export function MobileMenu({ items, pathname }: { items: readonly MenuItem[]; pathname: string }) {
  const panel = useRef<HTMLDivElement>(null);
  // unknown until mounted: the static HTML leaves aria-expanded to the browser, which derives it from popovertarget
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const id = useId();
  const titleId = useId();
  const shownPath = useRef(pathname);

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    // a menu opened before hydration stays open: the state is read from the page, never set on mount
    const read = () => setOpen(el.matches(":popover-open"));
    read();
    el.addEventListener("toggle", read);
    return () => el.removeEventListener("toggle", read);
  }, []);

  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    hide(panel.current);
  }, [pathname]);

  return (
    <>
      <button type="button" className={styles.opener} aria-expanded={open} aria-haspopup="dialog" {...invokes(id)}>
        <Menu size={24} />
        <span className="visually-hidden">Open menu</span>
      </button>
      {/* Escape and a tap outside close the popover natively; the handlers add wrapping Tab and closing after a
          link (Gatsby follows it without a page load) */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={panel}
        id={id}
        {...popover}
        role="dialog"
        aria-labelledby={titleId}
        className={styles.dialog}
        onKeyDown={wrapFocus}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a[href]")) hide(panel.current);
        }}
      >
        <div className={styles.panel}>
          <div className={styles.top}>
            <p id={titleId} className={styles.title}>
              Menu
            </p>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves into the menu when it opens */}
            <button type="button" className={styles.close} autoFocus {...invokes(id, "hide")}>
              <Close size={24} />
              <span className="visually-hidden">Close menu</span>
            </button>
          </div>
          <SearchButton label className={styles.search} onOpen={() => hide(panel.current)} />
          <nav aria-label="Mobile">
            <ul className={styles.list}>
              {items.map((item) => (
                <MobileEntry key={item.name} item={item} current={isCurrentSection(item, pathname)} />
              ))}
            </ul>
          </nav>
          <div className={styles.actions}>
            <ConsultationButton variant="primary" />
            <ContactButton variant="secondary" />
          </div>
        </div>
      </div>
    </>
  );
}

function hide(el: HTMLElement | null) {
  if (el?.matches(":popover-open")) el.hidePopover();
}

/** A section: its link, and its sub-links in a <details> the browser expands (spec §2: expandable sections). */
function MobileEntry({ item, current }: { item: MenuItem; current: boolean }) {
  const link = (
    <SiteLink to={item.path} className={styles.link} data-current={current ? "true" : undefined}>
      {item.name}
    </SiteLink>
  );
  if (!item.sub?.length) return <li className={styles.entry}>{link}</li>;
  return (
    <li className={styles.entry}>
      {link}
      <details className={styles.details}>
        <summary className={styles.expand}>
          <ChevronDown size={20} />
          <span className="visually-hidden">{`${item.name} section`}</span>
        </summary>
        <div className={styles.section}>
          {item.name === "Services" ? (
            item.sub.map((group) => <MenuGroup key={group.name} group={group} startOpen={false} />)
          ) : (
            <SubLinks items={item.sub} listClass={styles.subList} linkClass={styles.subLink} />
          )}
        </div>
      </details>
    </li>
  );
}

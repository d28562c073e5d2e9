import React, { useEffect, useId, useRef, useState } from "react";
import { SiteLink } from "../ui/site-link";
import { isCurrentSection, type MenuItem } from "../../lib/menu";
import { ChevronDown } from "../icons/icons";
import { MegaMenu, SubLinks } from "./mega-menu";
import { useMenuKeys } from "./use-menu-keys";
import * as styles from "./desktop-nav.module.css";

/**
 * Desktop navigation (≥ 1024 px): dropdowns open on hover and on keyboard focus (spec §2), by CSS (:hover,
 * :focus-within) from the first paint and without script; once hydrated, script holds the state and adds the menu
 * keys (ArrowDown opens, arrows, Home/End, type-ahead, Escape closes and stays closed while focus is inside).
 * The toggle beside a section's link never closes a menu that hover or focus has just opened: the visitor pressing
 * it wants the menu, so that press keeps it open, and only a second press closes it (issue 35). Without script the
 * toggle could do nothing, so CSS shows a plain chevron in its place (desktop-nav.module.css).
 */
export function DesktopNav({ items, pathname }: { items: readonly MenuItem[]; pathname: string }) {
  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.list}>
        {items.map((item) => (
          <NavEntry key={item.name} item={item} current={isCurrentSection(item, pathname)} />
        ))}
      </ul>
    </nav>
  );
}

function NavEntry({ item, current }: { item: MenuItem; current: boolean }) {
  // undefined until mounted: CSS decides; then the state starts from what the visitor has open already
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  // opened by the toggle itself, rather than by hover or focus: only then does the toggle's next press close it
  const [byToggle, setByToggle] = useState(false);
  const panelId = useId();
  const entry = useRef<HTMLLIElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const menuKeys = useMenuKeys();
  const [focusFirst, setFocusFirst] = useState(false);

  useEffect(() => {
    if (entry.current) setOpen(entry.current.matches(":hover, :focus-within"));
  }, []);

  useEffect(() => {
    if (!open) setByToggle(false);
  }, [open]);

  useEffect(() => {
    if (!open || !focusFirst) return;
    panel.current?.querySelector<HTMLElement>("a[href]")?.focus();
    setFocusFirst(false);
  }, [open, focusFirst]);
  const link = (
    <SiteLink to={item.path} className={styles.link} data-current={current ? "true" : undefined}>
      {item.name}
    </SiteLink>
  );
  if (!item.sub?.length) return <li className={styles.entry}>{link}</li>;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      setOpen(false);
      // focus moves within the entry, so it does not open the menu again
      entry.current?.querySelector<HTMLAnchorElement>("a[href]")?.focus({ preventScroll: true });
      return;
    }
    const inPanel = panel.current?.contains(event.target as Node);
    if (!inPanel && event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setFocusFirst(true);
      return;
    }
    if (inPanel) menuKeys(event, panel.current);
  };

  return (
    // the entry delegates hover, focus-leaving and menu keys of the link, the toggle and the panel inside it
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={entry}
      className={styles.entry}
      data-open={open === undefined ? undefined : String(open)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={(event) => {
        // focus arriving from outside opens the menu; moving inside it changes nothing
        if (!entry.current?.contains(event.relatedTarget as Node)) setOpen(true);
      }}
      onBlur={(event) => {
        if (!entry.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className={styles.trigger}>
        {link}
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${item.name} menu`}
          onClick={() => {
            // a menu that hover or focus opened stays open: this press makes it the toggle's, the next one closes it
            const close = open === true && byToggle;
            setOpen(!close);
            setByToggle(!close);
          }}
        >
          <ChevronDown size={16} />
        </button>
        <span className={styles.chevron} aria-hidden="true">
          <ChevronDown size={16} />
        </span>
      </div>
      <div ref={panel} id={panelId} className={item.name === "Services" ? styles.megaPanel : styles.panel}>
        {item.name === "Services" ? (
          <MegaMenu groups={item.sub} overview={{ name: "All services", path: item.path }} />
        ) : (
          <SubLinks items={item.sub} listClass={styles.panelList} linkClass={styles.panelLink} />
        )}
      </div>
    </li>
  );
}

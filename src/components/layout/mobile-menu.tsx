import React, { useEffect, useId, useRef, useState } from "react";
import { Link } from "gatsby";
import { isCurrentSection, type MenuItem } from "../../lib/menu";
import { ConsultationButton } from "../actions/consultation-button";
import { ContactButton } from "../actions/contact-button";
import { ChevronDown, Close, Menu } from "../icons/icons";
import { wrapFocus } from "../modals/wrap-focus";
import { SearchButton } from "../search/search-button";
import { MenuGroup } from "./mega-menu";
import * as styles from "./mobile-menu.module.css";

/** Below 1024 px: a slide-in menu in a modal <dialog> (focus kept inside, Escape closes, page inert). */
export function MobileMenu({ items, pathname }: { items: readonly MenuItem[]; pathname: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        className={styles.opener}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Menu size={24} />
        <span className="visually-hidden">Open menu</span>
      </button>
      {/* Escape closes the dialog natively; the click handler only adds closing on the backdrop and after a link */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        onKeyDown={wrapFocus}
        onClick={(event) => {
          if (event.target === dialog.current) setOpen(false);
          if ((event.target as HTMLElement).closest("a[href]")) setOpen(false);
        }}
      >
        <div className={styles.panel}>
          <div className={styles.top}>
            <p id={titleId} className={styles.title}>
              Menu
            </p>
            <button type="button" className={styles.close} onClick={() => setOpen(false)}>
              <Close size={24} />
              <span className="visually-hidden">Close menu</span>
            </button>
          </div>
          {/* made when opened: the links repeat the header's, and every page would otherwise carry and
              hydrate a second copy of the whole menu (half the header's HTML) */}
          {open && (
            <>
              <SearchButton label className={styles.search} onOpen={() => setOpen(false)} />
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
            </>
          )}
        </div>
      </dialog>
    </>
  );
}

function MobileEntry({ item, current }: { item: MenuItem; current: boolean }) {
  const [expanded, setExpanded] = useState(false);
  // a section's links are made when it is first expanded: opening the menu then costs a phone ~8 rows, not the
  // ~60 links of every section (input to next paint at 4× CPU: README, performance)
  const [made, setMade] = useState(false);
  const sectionId = useId();
  const link = (
    <Link to={item.path} className={styles.link} data-current={current ? "true" : undefined}>
      {item.name}
    </Link>
  );
  if (!item.sub?.length) return <li className={styles.entry}>{link}</li>;
  const isServices = item.name === "Services";
  return (
    <li className={styles.entry}>
      <div className={styles.row}>
        {link}
        <button
          type="button"
          className={styles.expand}
          aria-expanded={expanded}
          aria-controls={sectionId}
          onClick={() => {
            setMade(true);
            setExpanded((e) => !e);
          }}
        >
          <ChevronDown size={20} />
          <span className="visually-hidden">{`${item.name} section`}</span>
        </button>
      </div>
      <div id={sectionId} hidden={!expanded} className={styles.section}>
        {!made ? null : isServices ? (
          item.sub.map((group) => <MenuGroup key={group.name} group={group} startOpen={false} />)
        ) : (
          <ul className={styles.subList}>
            {item.sub.map((sub) =>
              sub.path ? (
                <li key={sub.name}>
                  <Link to={sub.path} className={styles.subLink}>
                    {sub.name}
                  </Link>
                </li>
              ) : null,
            )}
          </ul>
        )}
      </div>
    </li>
  );
}

import React from "react";
import { SiteLink } from "../ui/site-link";
import type { MenuItem, MenuLink, MenuSub } from "../../lib/menu";
import { ChevronDown } from "../icons/icons";
import * as styles from "./mega-menu.module.css";

/** The Services mega menu: three columns of expandable groups (spec §2). */
export function MegaMenu({ groups, overview }: { groups: readonly MenuSub[]; overview: MenuLink }) {
  return (
    <div>
      <div className={styles.columns}>
        {groups.map((group) => (
          <MenuGroup key={group.name} group={group} />
        ))}
      </div>
      <SiteLink to={overview.path} className={styles.overview}>
        {overview.name}
      </SiteLink>
    </div>
  );
}

/** A group of services the browser expands and collapses (<details>): open in the mega menu, closed on a phone. */
export function MenuGroup({ group, startOpen = true }: { group: MenuSub; startOpen?: boolean }) {
  return (
    <details className={styles.group} open={startOpen}>
      <summary className={styles.groupToggle}>
        {group.name}
        <ChevronDown size={16} className={styles.chevron} />
      </summary>
      <ul className={styles.groupList}>
        {(group.inside ?? []).map((link) => (
          <li key={link.path}>
            <SiteLink to={link.path} className={styles.groupLink}>
              {link.name}
            </SiteLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A section's own links (every section but Services), as the desktop dropdown and the mobile menu list them. */
export function SubLinks({
  items,
  listClass,
  linkClass,
}: {
  items: NonNullable<MenuItem["sub"]>;
  listClass: string;
  linkClass: string;
}) {
  return (
    <ul className={listClass}>
      {items.map((sub) =>
        sub.path ? (
          <li key={sub.name}>
            <SiteLink to={sub.path} className={linkClass}>
              {sub.name}
            </SiteLink>
          </li>
        ) : null,
      )}
    </ul>
  );
}

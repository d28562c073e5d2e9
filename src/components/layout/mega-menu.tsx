import React, { useId, useState } from "react";
import { Link } from "gatsby";
import type { MenuLink, MenuSub } from "../../lib/menu";
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
      <Link to={overview.path} className={styles.overview}>
        {overview.name}
      </Link>
    </div>
  );
}

export function MenuGroup({ group, startOpen = true }: { group: MenuSub; startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const listId = useId();
  return (
    <div className={styles.group}>
      <button
        type="button"
        className={styles.groupToggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {group.name}
        <ChevronDown size={16} className={styles.chevron} />
      </button>
      <ul id={listId} className={styles.groupList} hidden={!open}>
        {(group.inside ?? []).map((link) => (
          <li key={link.path}>
            <Link to={link.path} className={styles.groupLink}>
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

import React from "react";
import { SiteLink } from "../ui/site-link";
import { Calendar, Globe, MapPin } from "../icons/icons";
import { AddToCalendar } from "./add-to-calendar";
import * as styles from "./dated-list.module.css";

export interface DatedItem {
  readonly title: string;
  readonly date: string;
  /** when it starts, in its own time zone, formatted at build */
  readonly when: string;
  readonly location: string;
  readonly description: string;
  readonly path?: string | null;
}

/** Events and webinars: when (in their own time zone), where, what, and its calendar file. */
export function DatedList({ items, empty }: { items: readonly DatedItem[]; empty: string }) {
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.title} className={styles.item}>
          <h3 className={styles.title}>{item.path ? <SiteLink to={item.path}>{item.title}</SiteLink> : item.title}</h3>
          <p className={styles.meta}>
            <span>
              <Calendar size={16} />
              <time dateTime={item.date}>{item.when}</time>
            </span>
            <span>
              {item.location === "Online" ? <Globe size={16} /> : <MapPin size={16} />}
              {item.location}
            </span>
          </p>
          <p className={styles.description}>{item.description}</p>
          <p className={styles.calendar}>
            <AddToCalendar item={item} named />
          </p>
        </li>
      ))}
    </ul>
  );
}

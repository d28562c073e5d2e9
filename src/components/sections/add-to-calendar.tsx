import React from "react";
import { calendarPathOf } from "../../lib/event-catalog";
import { Calendar } from "../icons/icons";
import * as styles from "./add-to-calendar.module.css";

/**
 * A webinar's or an event's "Add to calendar" link: its .ics file, made at build (src/node/event-catalog.ts), with a
 * stable UID so that a second download updates the entry. `named` adds the title for screen readers, where several
 * are listed. The caller places it (a paragraph of its own).
 */
export function AddToCalendar({
  item,
  named = false,
}: {
  item: { title: string; path?: string | null };
  named?: boolean;
}) {
  return (
    <a className={styles.link} href={calendarPathOf(item)} download>
      <Calendar size={18} /> Add to calendar
      {named && <span className="visually-hidden">: {item.title}</span>}
    </a>
  );
}

import React from "react";
import * as styles from "./person-cards.module.css";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** Team members with an initials avatar. */
export function PersonCards({
  people,
}: {
  people: readonly { readonly name: string; readonly role: string; readonly bio: string }[];
}) {
  return (
    <ul className="card-grid">
      {people.map((person) => (
        <li key={person.name} className={styles.card}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(person.name)}
          </span>
          <h3 className={styles.name}>{person.name}</h3>
          <p className={styles.role}>{person.role}</p>
          <p className={styles.bio}>{person.bio}</p>
        </li>
      ))}
    </ul>
  );
}

import React from "react";
import { Quote } from "../icons/icons";
import * as styles from "./testimonials.module.css";

export interface Testimonial {
  readonly quote: string;
  readonly name: string;
  readonly role: string;
  readonly company: string;
}

/** Client quotes. */
export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {items.map((t) => (
        <li key={t.name} className={styles.card}>
          <TestimonialQuote testimonial={t} />
        </li>
      ))}
    </ul>
  );
}

export function TestimonialQuote({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.figure}>
      <Quote size={28} className={styles.mark} />
      <blockquote className={styles.quote}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className={styles.caption}>
        <strong>{testimonial.name}</strong>
        <span>
          {testimonial.role}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  );
}

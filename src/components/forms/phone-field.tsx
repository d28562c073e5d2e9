import React from "react";
import type { Country } from "../../lib/countries";
import { DIAL_FIELD } from "../../lib/form-post";
import { CountrySelect } from "./country-select";
import * as styles from "./fields.module.css";

interface Props {
  id: string;
  country: Country;
  onCountryChange: (country: Country) => void;
  value: string;
  onChange: (value: string) => void;
}

/**
 * An optional phone number: the country's dial code from the listbox, then the digits. A form sent without script
 * posts the dial code as a hidden field beside them (India's until script lets the list open), and the endpoint
 * joins the two (src/lib/form-post.ts).
 */
export function PhoneField({ id, country, onCountryChange, value, onChange }: Props) {
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        Phone <span className={styles.optional}>(optional)</span>
      </span>
      <div className={styles.phoneRow}>
        <CountrySelect value={country} onChange={onCountryChange} labelId={`${id}-country-label`} />
        <span id={`${id}-country-label`} className="visually-hidden">
          Country code
        </span>
        <input type="hidden" name={DIAL_FIELD} value={country.code} />
        <input
          id={id}
          name="phone"
          className={styles.input}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          aria-labelledby={`${id}-label`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

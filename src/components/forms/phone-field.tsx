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
  /** a number is asked for (the job application's): no "(optional)", and its error said next to it */
  required?: boolean;
  error?: string;
}

/**
 * A phone number, optional unless `required`: the country's dial code from the listbox, then the digits. A form sent without script
 * posts the dial code as a hidden field beside them (India's until script lets the list open), and the endpoint
 * joins the two (src/lib/form-post.ts).
 */
export function PhoneField({ id, country, onCountryChange, value, onChange, required = false, error }: Props) {
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        Phone
        {!required && (
          <>
            {" "}
            <span className={styles.optional}>(optional)</span>
          </>
        )}
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

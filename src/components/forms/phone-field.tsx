import React from "react";
import type { Country } from "../../lib/countries";
import { DIAL_FIELD } from "../../lib/form-post";
import { CountrySelect } from "./country-select";
import { errorProps, FieldError, Optional, phoneInputProps, valueProps, type PhoneControl } from "./form-fields";
import * as styles from "./fields.module.css";

interface Props extends PhoneControl {
  country: Country;
  onCountryChange: (country: Country) => void;
}

/**
 * A phone number, optional unless its field is required: the country's dial code from the listbox, then the digits.
 * A form sent without script posts the dial code as a hidden field beside them (India's until script lets the list
 * open), and the endpoint joins the two (src/lib/form-post.ts).
 */
export function PhoneField({ id, field, country, onCountryChange, value, onChange, error }: Props) {
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {field.label}
        <Optional field={field} classes={styles} />
      </span>
      <div className={styles.phoneRow}>
        <CountrySelect value={country} onChange={onCountryChange} labelId={`${id}-country-label`} />
        <span id={`${id}-country-label`} className="visually-hidden">
          Country code
        </span>
        <input type="hidden" name={DIAL_FIELD} value={country.code} />
        <input
          id={id}
          {...phoneInputProps(field)}
          className={styles.input}
          aria-labelledby={`${id}-label`}
          {...errorProps(id, error)}
          {...valueProps(value, onChange)}
        />
      </div>
      <FieldError id={id} error={error} classes={styles} />
    </div>
  );
}

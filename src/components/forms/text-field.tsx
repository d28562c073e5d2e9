import React from "react";
import * as styles from "./fields.module.css";

interface Props {
  id: string;
  /** the field's name in the form as the browser posts it without script (the spec's JSON name) */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: "text" | "email" | "url";
  /** said after the label, muted: "(optional)" */
  hint?: string;
  autoComplete?: string;
  multiline?: boolean;
}

/** A labelled field whose error is said next to it and tied to it for assistive technology. */
export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  type = "text",
  autoComplete,
  multiline = false,
  hint,
}: Props) {
  const shared = {
    id,
    name,
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {hint && <span className={styles.optional}> {hint}</span>}
      </label>
      {multiline ? (
        <textarea {...shared} className={styles.textarea} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          className={styles.input}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

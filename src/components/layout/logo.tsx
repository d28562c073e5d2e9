import React from "react";

/** The Tidewell mark and name; the name is real text so it scales and reads. */
export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <svg width="168" height="36" viewBox="0 0 168 36" role="img" aria-label={name}>
      <rect width="36" height="36" rx="9" fill={inverted ? "#ffffff" : "#0b4f6c"} />
      <path
        d="M6 22c4-5 8-5 12 0s8 5 12 0"
        stroke={inverted ? "#0b4f6c" : "#ffffff"}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M6 14c4-5 8-5 12 0s8 5 12 0" stroke="#f08a4b" strokeWidth="3" fill="none" strokeLinecap="round" />
      <text
        x="46"
        y="25"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="21"
        fontWeight="700"
        fill={inverted ? "#ffffff" : "#0f1c2e"}
      >
        Tidewell
      </text>
    </svg>
  );
}

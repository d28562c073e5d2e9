import React from "react";

/** The home page illustration: a CRM pipeline and dashboard, drawn in the brand colours. Decorative. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 480 360" width="480" height="360" aria-hidden="true" focusable="false">
      <rect x="20" y="30" width="440" height="300" rx="22" fill="#ffffff" opacity="0.96" />
      <rect x="20" y="30" width="440" height="46" rx="22" fill="#e6f1f6" />
      <circle cx="50" cy="53" r="7" fill="#f08a4b" />
      <circle cx="72" cy="53" r="7" fill="#9cc7da" />
      <circle cx="94" cy="53" r="7" fill="#0b4f6c" />
      <rect x="44" y="98" width="120" height="12" rx="6" fill="#0b4f6c" />
      <rect x="44" y="120" width="180" height="8" rx="4" fill="#9cc7da" />
      <g>
        <rect x="44" y="146" width="120" height="160" rx="12" fill="#f3f7fa" />
        <rect x="56" y="160" width="96" height="30" rx="8" fill="#ffffff" stroke="#d6e0e8" />
        <rect x="56" y="198" width="96" height="30" rx="8" fill="#ffffff" stroke="#d6e0e8" />
        <rect x="56" y="236" width="96" height="30" rx="8" fill="#fff1e8" stroke="#f08a4b" />
      </g>
      <g>
        <rect x="180" y="146" width="120" height="160" rx="12" fill="#f3f7fa" />
        <rect x="192" y="160" width="96" height="30" rx="8" fill="#ffffff" stroke="#d6e0e8" />
        <rect x="192" y="198" width="96" height="30" rx="8" fill="#e6f1f6" stroke="#0b4f6c" />
      </g>
      <g>
        <rect x="316" y="98" width="122" height="90" rx="12" fill="#0b4f6c" />
        <path
          d="M330 168l22-20 18 12 22-26 30 18"
          stroke="#f08a4b"
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="316" y="200" width="122" height="106" rx="12" fill="#f3f7fa" />
        <rect x="332" y="260" width="18" height="32" rx="4" fill="#9cc7da" />
        <rect x="358" y="240" width="18" height="52" rx="4" fill="#1f7a9c" />
        <rect x="384" y="222" width="18" height="70" rx="4" fill="#0b4f6c" />
        <rect x="410" y="246" width="18" height="46" rx="4" fill="#f08a4b" />
      </g>
    </svg>
  );
}

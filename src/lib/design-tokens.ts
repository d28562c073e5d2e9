// The design system: every colour, size and shadow the site uses, once. The stylesheets read them as custom
// properties (`var(--color-brand)`), which the PostCSS plugin of src/node/postcss-design-tokens.ts writes where
// global.css says `@design-tokens;`; the pages the functions answer with (src/server/page-shell.tsx) take the same
// values. Components never write a colour of their own (design-system.test.ts).
export const DESIGN_TOKENS = {
  "color-brand": "#0b4f6c",
  "color-brand-dark": "#06324a",
  "color-brand-soft": "#e6f1f6",
  "color-accent": "#c2410c",
  "color-accent-dark": "#9a3412",
  "color-accent-soft": "#fff1e8",
  "color-ink": "#0f1c2e",
  "color-text": "#25364a",
  "color-muted": "#4a5b70",
  "color-line": "#d6e0e8",
  "color-surface": "#ffffff",
  "color-surface-alt": "#f3f7fa",
  "color-surface-dark": "#0a2233",
  "color-on-dark": "#e8f1f7",
  "color-on-dark-muted": "#b7c9d6",
  "color-success": "#166534",
  "color-success-soft": "#e9f7ef",
  "color-error": "#b42318",
  "color-error-soft": "#fdecea",
  "color-focus": "#1d75c9",
  "color-white": "#ffffff",
  "color-on-brand-accent": "#ffd2b5",
  "color-field-border": "#7b8a9c",
  "color-whatsapp": "#0f7a3f",
  "color-glow": "rgb(240 138 75 / 30%)",
  "color-line-on-dark": "rgb(255 255 255 / 12%)",
  "color-outline-on-dark": "rgb(255 255 255 / 70%)",
  "color-hover-on-dark": "rgb(255 255 255 / 12%)",
  "color-backdrop": "rgb(6 20 33 / 60%)",
  // the series of a chart (the leads report, src/server/report/report-page.tsx), told apart by hue and lightness
  "color-chart-1": "#0b4f6c",
  "color-chart-2": "#e07a2f",
  "color-chart-3": "#1d75c9",
  "color-chart-4": "#2f855a",
  "color-chart-5": "#7c3aed",
  "color-chart-6": "#b7791f",
  "color-chart-7": "#0f766e",
  "color-chart-8": "#8795a8",
  "shadow-art": "drop-shadow(0 24px 40px rgb(0 0 0 / 25%))",

  "font-sans": 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  "font-size-xs": "0.8125rem",
  "font-size-sm": "0.9375rem",
  "font-size-md": "1rem",
  "font-size-lg": "1.125rem",
  "font-size-xl": "1.375rem",
  "font-size-2xl": "clamp(1.5rem, 1.2rem + 1.2vw, 2rem)",
  "font-size-3xl": "clamp(1.875rem, 1.4rem + 2vw, 2.75rem)",
  "font-size-4xl": "clamp(2.125rem, 1.5rem + 3vw, 3.5rem)",
  "line-height-tight": "1.2",
  "line-height-body": "1.65",
  "font-weight-medium": "500",
  "font-weight-bold": "700",

  "space-1": "0.25rem",
  "space-2": "0.5rem",
  "space-3": "0.75rem",
  "space-4": "1rem",
  "space-5": "1.5rem",
  "space-6": "2rem",
  "space-7": "3rem",
  "space-8": "4rem",
  "space-9": "6rem",

  "radius-sm": "6px",
  "radius-md": "10px",
  "radius-lg": "18px",
  "radius-pill": "999px",

  "shadow-sm": "0 1px 2px rgb(15 28 46 / 8%), 0 1px 3px rgb(15 28 46 / 6%)",
  "shadow-md": "0 6px 16px rgb(15 28 46 / 10%), 0 2px 4px rgb(15 28 46 / 6%)",
  "shadow-lg": "0 18px 40px rgb(15 28 46 / 18%)",

  container: "75rem",
  "container-narrow": "46rem",
  "header-height": "4.25rem",
  "z-header": "50",
  "z-float": "60",
  duration: "200ms",
} as const;

export type DesignToken = keyof typeof DESIGN_TOKENS;

/** A `:root` rule declaring the given tokens (all of them by default) as custom properties. */
export function tokensRule(names: readonly DesignToken[] = Object.keys(DESIGN_TOKENS) as DesignToken[]): string {
  return `:root{${names.map((name) => `--${name}:${DESIGN_TOKENS[name]}`).join(";")}}`;
}

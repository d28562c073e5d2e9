// Adjustments to the HTML that Markdown renders to.

/** Tables scroll sideways on a phone; a scrollable region must take keyboard focus (WCAG 2.1.1). */
export const focusableTables = (html: string): string =>
  html.replace(/<table(?=[\s>])(?![^>]*\btabindex=)/g, '<table tabindex="0"');

// The social share image of a page: its title on the brand's colours, drawn as SVG and turned into a PNG.

const escape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into lines of at most `width` characters, at most `max` lines (the last one shortened). */
export function wrapTitle(title: string, width = 26, max = 4): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1].slice(0, width - 1)}…`;
  return kept;
}

export function ogImageSvg(title: string, brand: string, origin: string): string {
  const lines = wrapTitle(title);
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${250 + i * 78 - (lines.length - 1) * 30}" font-size="64" font-weight="700" fill="#ffffff">${escape(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="DejaVu Sans, Arial, sans-serif">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#06324a"/><stop offset="1" stop-color="#0b4f6c"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1080" cy="90" r="220" fill="#f08a4b" fill-opacity="0.18"/>
  <g transform="translate(80 70) scale(1.6)"><rect width="36" height="36" rx="9" fill="#ffffff"/><path d="M6 22c4-5 8-5 12 0s8 5 12 0" stroke="#0b4f6c" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M6 14c4-5 8-5 12 0s8 5 12 0" stroke="#f08a4b" stroke-width="3" fill="none" stroke-linecap="round"/></g>
  <text x="155" y="112" font-size="38" font-weight="700" fill="#ffffff">${escape(brand)}</text>
  ${text}
  <rect x="80" y="520" width="120" height="8" rx="4" fill="#f08a4b"/>
  <text x="80" y="580" font-size="28" fill="#b7c9d6">${escape(origin.replace(/^https?:\/\//, ""))}</text>
</svg>`;
}

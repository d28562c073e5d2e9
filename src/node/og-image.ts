// The social share image of a page: its title on the brand's colours, 1200×630 PNG.
//
// Drawing a whole SVG per page costs about 35 ms, most of it spent rasterising the same background again and
// again, and a site with thousands of posts spends minutes on it. So the background (gradient, logo, brand,
// origin) is drawn once; per page only the title is drawn, by libvips' text operation as a single channel the
// size of its ink, blended onto a copy of the background here and encoded with zlib's fastest level (level 3
// takes twice as long for a file no smaller, the gradient leaving deflate little to find): about 9 ms a page.
import sharp from "sharp";

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Where the title goes: a box under the brand line and above the origin. */
export const TITLE_BOX = { left: 80, top: 140, width: 1060, height: 360 } as const;
const FONT = "DejaVu Sans, Arial, sans-serif";

const escape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into lines of at most `width` characters, at most `max` lines (the last one shortened). */
export function wrapTitle(title: string, width = 26, max = 4): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1].slice(0, width - 1)}…`;
  return kept;
}

/** Everything but the title: drawn once per build. */
export function ogBackgroundSvg(brand: string, origin: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}" font-family="${FONT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#06324a"/><stop offset="1" stop-color="#0b4f6c"/></linearGradient></defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>
  <circle cx="1080" cy="90" r="220" fill="#f08a4b" fill-opacity="0.18"/>
  <g transform="translate(80 70) scale(1.6)"><rect width="36" height="36" rx="9" fill="#ffffff"/><path d="M6 22c4-5 8-5 12 0s8 5 12 0" stroke="#0b4f6c" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M6 14c4-5 8-5 12 0s8 5 12 0" stroke="#f08a4b" stroke-width="3" fill="none" stroke-linecap="round"/></g>
  <text x="155" y="112" font-size="38" font-weight="700" fill="#ffffff">${escape(brand)}</text>
  <rect x="80" y="520" width="120" height="8" rx="4" fill="#f08a4b"/>
  <text x="80" y="580" font-size="28" fill="#b7c9d6">${escape(origin.replace(/^https?:\/\//, ""))}</text>
</svg>`;
}

const FONT_SIZE = 64;
/** Pango's own line pitch for this font and size is 76 px: 2 more gives 78, about 1.2 em. */
const LINE_SPACING = 2;

const markup = (text: string) => text.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c] ?? c);

/** The title's coverage: one byte a pixel, as wide and tall as its ink, at most the title box. */
export async function ogTitleCoverage(title: string): Promise<{ data: Buffer; width: number; height: number }> {
  // libvips' text operation (Pango) draws one channel the size of the ink; an SVG through librsvg drew the
  // whole box in four channels and took twice as long
  const { data, info } = await sharp({
    text: {
      text: markup(wrapTitle(title).join("\n")),
      font: `DejaVu Sans Bold ${FONT_SIZE}`,
      dpi: 72,
      spacing: LINE_SPACING,
    },
  })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = Math.min(info.width, TITLE_BOX.width);
  const height = Math.min(info.height, TITLE_BOX.height);
  if (width === info.width && height === info.height) return { data, width, height };
  const cropped = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) data.copy(cropped, y * width, y * info.width, y * info.width + width);
  return { data: cropped, width, height };
}

/** The background's pixels, RGB, row by row, and the one buffer each image is drawn in. */
export interface OgCanvas {
  readonly pixels: Buffer;
  /** a fresh 2 MB buffer per image cost more than the drawing (the memory is mapped and zeroed each time) */
  readonly scratch: Buffer;
  /** images drawn on one canvas take turns for its scratch buffer */
  turn: Promise<unknown>;
}

export async function ogCanvas(brand: string, origin: string): Promise<OgCanvas> {
  const pixels = await sharp(Buffer.from(ogBackgroundSvg(brand, origin)))
    .removeAlpha()
    .raw()
    .toBuffer();
  return { pixels, scratch: Buffer.alloc(pixels.length), turn: Promise.resolve() };
}

/** A page's share image as PNG bytes: the title, centred in the title box, blended in white over the background. */
export function ogImagePng(canvas: OgCanvas, title: string): Promise<Buffer> {
  const image = canvas.turn.then(() => draw(canvas, title));
  canvas.turn = image.catch(() => undefined);
  return image;
}

async function draw(canvas: OgCanvas, title: string): Promise<Buffer> {
  const coverage = await ogTitleCoverage(title);
  const pixels = canvas.scratch;
  canvas.pixels.copy(pixels);
  const top = TITLE_BOX.top + Math.floor((TITLE_BOX.height - coverage.height) / 2);
  for (let y = 0; y < coverage.height; y++) {
    const row = ((top + y) * OG_WIDTH + TITLE_BOX.left) * 3;
    for (let x = 0; x < coverage.width; x++) {
      const a = coverage.data[y * coverage.width + x];
      if (a === 0) continue;
      const at = row + x * 3;
      pixels[at] += ((255 - pixels[at]) * a + 127) / 255;
      pixels[at + 1] += ((255 - pixels[at + 1]) * a + 127) / 255;
      pixels[at + 2] += ((255 - pixels[at + 2]) * a + 127) / 255;
    }
  }
  // sharp reads the scratch buffer until the PNG is made; the next image waits for that
  return sharp(pixels, { raw: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

// Loaded into a peer's build (`npm run bench -- --peer DIR`, with node --import) so that the build gives the same
// output with a network or without one (this machine reaches only the npm registry):
// - a web font from Fontsource (its API and its CDN, which Astro's font providers ask) comes from the font's npm
//   package, @fontsource-variable/<id> (or @fontsource/<id>), installed from the registry into .data/peer-fonts the
//   first time: its metadata.json and unicode.json answer the API, its files/ the CDN. The API's list of fonts holds
//   those of BENCH_PEER_FONTS (Fontsource ids, comma-separated; default inter: AstroWind's build fetches Inter this
//   way and fails without it);
// - any other host answers with a grey 1600 × 1067 JPEG: AstroWind's build fetches its Unsplash pictures to learn
//   their sizes, and stops without them. The bench blocks third parties in every measurement anyway, so those
//   pictures are never loaded, on the peer's pages or on ours.
import { execFileSync } from "child_process";
import { existsSync, readFileSync } from "fs";
import path from "path";
import sharp from "sharp";

const realFetch = globalThis.fetch;
const picture = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: "#8899aa" } })
  .jpeg()
  .toBuffer();
const fonts = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../.data/peer-fonts");
const listedFonts = (process.env.BENCH_PEER_FONTS ?? "inter").split(",").filter(Boolean);

/**
 * Fontsource's npm package for font `id` (its folder and metadata), installed from the registry the first time;
 * null when the registry has none. Asked once a build.
 */
const packages = new Map();
function fontPackage(id) {
  if (!packages.has(id)) packages.set(id, findPackage(id));
  return packages.get(id);
}
function findPackage(id) {
  for (const name of [`@fontsource-variable/${id}`, `@fontsource/${id}`]) {
    const dir = path.join(fonts, "node_modules", name);
    const metadata = path.join(dir, "metadata.json");
    if (!existsSync(metadata)) {
      try {
        execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", fonts, name], {
          stdio: "ignore",
        });
      } catch {
        // not in the registry under this name: the next one
      }
    }
    if (existsSync(metadata)) return { dir, meta: JSON.parse(readFileSync(metadata, "utf8")) };
  }
  return null;
}

/** A font as the API lists it: its metadata, with `variable` a flag as the API gives it. */
const listed = ({ meta }) => ({ ...meta, variable: Boolean(meta.variable) });

const json = (value) =>
  new globalThis.Response(JSON.stringify(value), { headers: { "content-type": "application/json" } });

/** Fontsource's API (api.fontsource.org/v1) and CDN (cdn.jsdelivr.net/fontsource), from the font's package. */
function fontsource(url) {
  const api = /^https:\/\/api\.fontsource\.org\/v1\/(fonts|variable)(?:\/([\w-]+))?/.exec(url);
  const cdn = /^https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([\w-]+)(?::vf)?@[^/]+\/([\w.-]+)$/.exec(url);
  const id = api?.[2] ?? cdn?.[1];
  if (api && !id) return json(listedFonts.map(fontPackage).filter(Boolean).map(listed));
  const font = id && fontPackage(id);
  if (!font) return null;
  const { dir, meta } = font;
  if (cdn) {
    const file = path.join(dir, "files", `${meta.id}-${cdn[2]}`);
    return existsSync(file)
      ? new globalThis.Response(readFileSync(file), { headers: { "content-type": "font/woff2" } })
      : null;
  }
  if (api[1] === "variable") return json({ id: meta.id, family: meta.family, axes: meta.variable });
  const unicodeRange = JSON.parse(readFileSync(path.join(dir, "unicode.json"), "utf8"));
  return json({ ...listed(font), unicodeRange, variants: {} });
}

globalThis.fetch = async (input, init) => {
  const url = String(input?.url ?? input);
  if (/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) return realFetch(input, init);
  const font = /fontsource/.test(url) ? fontsource(url) : null;
  if (font) return font;
  return new globalThis.Response(picture, { status: 200, headers: { "content-type": "image/jpeg" } });
};

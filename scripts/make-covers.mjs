// Draws an abstract cover illustration for every blog post whose `cover` file does not exist yet.
// Usage: npm run covers. Authors may replace any generated cover with a photo of the same name.
import { existsSync, readdirSync, readFileSync } from "fs";
import path from "path";
import sharp from "sharp";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const blog = path.join(root, "content", "blog");
const palettes = [
  ["#0b4f6c", "#1f7a9c", "#f08a4b", "#e6f1f6"],
  ["#06324a", "#2b6f8f", "#f2b134", "#dff0f7"],
  ["#123c52", "#3f8fb0", "#e35d3a", "#f4efe6"],
  ["#0f2e44", "#18806f", "#f3a95c", "#e3f4ef"],
];

function seeded(text) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => ((h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0), (h % 10000) / 10000);
}

function coverSvg(slug) {
  const rand = seeded(slug);
  const [deep, mid, warm, light] = palettes[Math.floor(rand() * palettes.length)];
  const shapes = [];
  for (let i = 0; i < 7; i++) {
    const y = 120 + i * 110 + rand() * 40;
    const amp = 40 + rand() * 80;
    shapes.push(
      `<path d="M-50 ${y} C 400 ${y - amp}, 800 ${y + amp}, 1650 ${y - amp / 2}" stroke="${i % 3 === 0 ? warm : light}" stroke-opacity="${0.25 + rand() * 0.5}" stroke-width="${4 + rand() * 10}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 14; i++) {
    const x = rand() * 1600;
    const y = rand() * 900;
    shapes.push(
      `<circle cx="${x}" cy="${y}" r="${6 + rand() * 26}" fill="${i % 4 === 0 ? warm : light}" fill-opacity="${0.35 + rand() * 0.5}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#g)"/>${shapes.join("")}
  <rect x="980" y="180" width="460" height="300" rx="28" fill="${light}" fill-opacity="0.92"/>
  <rect x="1020" y="225" width="220" height="22" rx="11" fill="${deep}"/>
  <rect x="1020" y="270" width="360" height="14" rx="7" fill="${mid}" fill-opacity="0.6"/>
  <rect x="1020" y="300" width="300" height="14" rx="7" fill="${mid}" fill-opacity="0.6"/>
  <rect x="1020" y="350" width="80" height="90" rx="10" fill="${warm}"/>
  <rect x="1120" y="380" width="80" height="60" rx="10" fill="${mid}"/>
  <rect x="1220" y="330" width="80" height="110" rx="10" fill="${deep}"/>
</svg>`;
}

const files = [
  ...readdirSync(blog)
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join(blog, f)),
  ...readdirSync(path.join(blog, "old-posts"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join(blog, "old-posts", f)),
];
for (const file of files) {
  const cover = /^cover:\s*["']?([^"'\n]+)["']?\s*$/m.exec(readFileSync(file, "utf8"))?.[1];
  if (!cover) continue;
  const target = path.resolve(path.dirname(file), cover);
  if (existsSync(target)) continue;
  await sharp(Buffer.from(coverSvg(path.basename(file, ".md"))))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(target);
  console.log(`wrote ${path.relative(root, target)}`);
}

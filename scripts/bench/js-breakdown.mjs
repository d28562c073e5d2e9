// What a page's first-load JavaScript is made of: every byte of the scripts a page runs before any interaction,
// traced through the build's source maps to the file it came from, grouped, and given its share of the gzip size.
import { readFileSync } from "fs";
import path from "path";
import { gzipSync } from "zlib";
import { SourceMapConsumer } from "source-map-js";

/** The group a source file belongs to, named for what it buys a visitor. */
export function groupOf(source) {
  const s = source.replace(/^webpack:\/\/[^/]*\//, "").replace(/^\.\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s)?.[1];
  if (pkg === "react-dom" || pkg === "scheduler") return "React DOM (rendering, hydration, events)";
  if (pkg === "react") return "React";
  if (
    pkg &&
    /^(gatsby|gatsby-link|gatsby-script|gatsby-react-router-scroll|@gatsbyjs\/reach-router|@reach\/router|@gatsbyjs\/.*)$/.test(
      pkg,
    )
  )
    return "Gatsby's runtime (router, loader, links, prefetching)";
  if (/(^|\/)\.cache\//.test(s)) return "Gatsby's runtime (router, loader, links, prefetching)";
  if (pkg) return `other packages: ${pkg}`;
  if (/webpack\/(runtime|bootstrap)/.test(s) || s.startsWith("webpack/")) return "webpack's runtime (chunk loading)";
  const site = /^src\/([^/]+)(?:\/([^/]+))?/.exec(s);
  if (site) {
    if (site[1] === "components") return `site: ${site[2]} components`;
    return `site: ${site[1]}`;
  }
  if (/^content\//.test(s)) return "site: content read by the browser (navigation, countries)";
  return "other";
}

/** Bytes per group for the given script files of a build (paths under `publicDir`), gzip shares included. */
export function breakdown(publicDir, scripts) {
  const groups = new Map();
  let raw = 0;
  let gzip = 0;
  for (const script of scripts) {
    const code = readFileSync(path.join(publicDir, script), "utf8");
    const size = Buffer.byteLength(code);
    const zipped = gzipSync(code, { level: 9 }).length;
    raw += size;
    gzip += zipped;
    const lines = code.split("\n");
    const consumer = new SourceMapConsumer(JSON.parse(readFileSync(path.join(publicDir, `${script}.map`), "utf8")));
    const bytes = new Map();
    let last = null;
    const close = (line, column) => {
      if (!last) return;
      const end = last.line === line ? column : lines[last.line - 1].length;
      const name = last.source ? groupOf(last.source) : "other";
      bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, end - last.column));
    };
    consumer.eachMapping((m) => {
      close(m.generatedLine, m.generatedColumn);
      last = { line: m.generatedLine, column: m.generatedColumn, source: m.source };
    });
    close(-1, 0);
    const mapped = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [name, n] of bytes) {
      const g = groups.get(name) ?? { raw: 0, gzip: 0 };
      g.raw += n;
      g.gzip += (n / mapped) * zipped;
      groups.set(name, g);
    }
  }
  return {
    raw,
    gzip,
    groups: [...groups]
      .map(([name, g]) => ({ name, rawKB: +(g.raw / 1024).toFixed(1), gzipKB: +(g.gzip / 1024).toFixed(1) }))
      .sort((a, b) => b.gzipKB - a.gzipKB),
  };
}

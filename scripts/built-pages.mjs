// The pages of a production build, for the post-build steps that read them all (scripts/csp.mjs,
// scripts/search-index.mjs): every HTML file under public/, and the address each answers at.
import { readdirSync } from "fs";
import path from "path";

/** Every .html file below `dir`. */
export const htmlFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(path.join(dir, e.name)) : e.name.endsWith(".html") ? [path.join(dir, e.name)] : [],
  );

/** The address a built file answers at: about.html → /about, index.html → /, 404.html → /404. */
export const routeOf = (publicDir, file) => {
  const rel = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
  if (rel === "/index.html") return "/";
  if (rel.endsWith("/index.html")) return rel.slice(0, -"/index.html".length);
  return rel.replace(/\.html$/, "");
};

// Post-build step (run with `node --import tsx`): the site search's index (Pagefind), made from the built pages, in public/pagefind/.
// What search engines are told not to index (a `noindex` page: the thank-you pages, a draft on a deploy preview)
// and the 404 page are left out, so search finds exactly the pages a visitor can arrive at from outside. Only each
// page's <main> is read (`data-pagefind-body`, src/components/layout/layout.tsx): the header and footer repeat on
// every page and would make every page match every menu word. The browser loads the index only when the visitor
// opens the search (src/components/search/).
import { readFileSync } from "fs";
import path from "path";
import * as pagefind from "pagefind";
import { searchable } from "../src/lib/search.ts";
import { htmlFiles, routeOf } from "./built-pages.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const publicDir = path.join(root, "public");

const { index, errors } = await pagefind.createIndex({});
if (!index) throw new Error(`Pagefind: ${errors.join("; ")}`);
let pages = 0;
let left = 0;
for (const file of htmlFiles(publicDir)) {
  const html = readFileSync(file, "utf8");
  const route = routeOf(publicDir, file);
  if (!searchable(route, html)) {
    left++;
    continue;
  }
  const added = await index.addHTMLFile({ url: route, content: html });
  if (added.errors.length) throw new Error(`Pagefind, ${route}: ${added.errors.join("; ")}`);
  pages++;
}
const written = await index.writeFiles({ outputPath: path.join(publicDir, "pagefind") });
if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join("; ")}`);
await pagefind.close();
console.log(`Search index: ${pages} pages in public/pagefind (${left} left out: 404, noindex, lists of posts)`);

// The site search (Pagefind): which built pages it indexes (scripts/search-index.mjs), and how a result is shown
// (src/components/search/).

/** Where the index and Pagefind's browser code are written after the build, and fetched only on opening search. */
export const SEARCH_BUNDLE = "/pagefind/pagefind.js";
/** How many results are shown for a query. */
export const SEARCH_RESULTS = 8;

/**
 * Whether a built page belongs in the search: not the 404 page, nothing search engines are told not to index, and
 * not the lists of posts by tag or by page (each post is found itself; a list would repeat its words).
 */
export const searchable = (route: string, html: string): boolean =>
  !/^\/404(\.html|\/|$)/.test(route) &&
  !/^\/blogs\/(tag\/|\d+$)/.test(route) &&
  !/<meta[^>]+name="robots"[^>]+content="[^"]*noindex/i.test(html) &&
  html.includes("data-pagefind-body");

const SECTIONS: [prefix: string, name: string][] = [
  ["/services", "Services"],
  ["/industryexpert", "Industries"],
  ["/products", "Products"],
  ["/blog", "Blog"],
  ["/webinar", "Webinars"],
  ["/events", "Events"],
  ["/careers", "Careers"],
  ["/pricing", "Pricing"],
];

/** The section a result belongs to, named as the menu names it. */
export function sectionOf(url: string): string {
  const found = SECTIONS.find(
    ([prefix]) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}s`),
  );
  return found ? found[1] : "Company";
}

/**
 * Pagefind's excerpt (escaped text with the matched words in <mark>) as plain pieces, so that React renders it as
 * text and no HTML from the index reaches the page. The browser's own parser reads it: DOMParser's document is
 * inert (nothing in it loads or runs), and it decodes every character reference.
 */
export function excerptParts(excerpt: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  const walk = (node: Node, marked: boolean) =>
    node.childNodes.forEach((child) => {
      if (child.nodeType !== Node.TEXT_NODE) return walk(child, marked || child.nodeName === "MARK");
      const text = child.textContent ?? "";
      const last = parts.at(-1);
      if (!text) return;
      if (last?.marked === marked) last.text += text;
      else parts.push({ text, marked });
    });
  walk(new DOMParser().parseFromString(excerpt, "text/html").body, false);
  return parts;
}

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
  !/^\/(404|dev-404-page)(\.html|\/|$)/.test(route) &&
  !/^\/blogs\/(tag\/|\d+$)/.test(route) &&
  !/<meta[^>]+name="robots"[^>]+content="[^"]*noindex/i.test(html) &&
  html.includes("data-pagefind-body");

const SECTIONS: [prefix: string, name: string][] = [
  ["/services", "Services"],
  ["/industries", "Industries"],
  ["/industryexpert", "Industries"],
  ["/products", "Products"],
  ["/blog", "Blog"],
  ["/tags", "Blog"],
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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/**
 * Pagefind's excerpt (escaped text with the matched words in <mark>) as plain pieces, so that React renders it as
 * text and no HTML from the index reaches the page.
 */
export function excerptParts(excerpt: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  excerpt.split(/(<mark>[\s\S]*?<\/mark>)/).forEach((piece) => {
    if (!piece) return;
    const marked = piece.startsWith("<mark>");
    const text = decode((marked ? piece.slice(6, -7) : piece).replace(/<[^>]*>/g, ""));
    if (text) parts.push({ text, marked });
  });
  return parts;
}

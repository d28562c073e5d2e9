// Which links of a page the site follows itself (src/browser/links.ts), without a page load: those to its own pages.
// Everything else is the browser's: other sites, files, the functions, a fragment of the same page, and any link the
// visitor opens elsewhere (a modifier key, another button, a target, a download).

/** Paths the site serves that are not pages: the functions, Gatsby's data and files, share images, the search. */
const NOT_PAGES = /^\/(api|page-data|static|og|pagefind|\.well-known)(\/|$)/;
/** A file, by its extension (a page's own .html aside). */
const FILE = /\.(?!html?$)[a-z0-9]{1,5}$/i;

export interface LinkFollowed {
  /** the anchor's href attribute as written, and as the browser resolved it */
  attribute: string | null;
  href: string;
  target: string;
  download: boolean;
}

/** A click that the browser should handle itself: new tab, new window, download. */
export const isModifiedClick = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The path (with query and fragment) to show for a link, or null where the browser should follow it. `here` is the
 * page's address. A same-page link with a fragment ("/about#Core-value" on /about) is the site's, so its target is
 * scrolled to as every page's is (hash-navigation.ts); a bare fragment ("#main", the skip link) is the browser's.
 */
export function sitePath(link: LinkFollowed, here: string): string | null {
  if (!link.attribute || link.attribute.startsWith("#") || link.download) return null;
  if (link.target && link.target !== "_self") return null;
  let url: URL;
  try {
    url = new URL(link.href, here);
  } catch {
    return null;
  }
  if (url.origin !== new URL(here).origin || !/^https?:$/.test(url.protocol)) return null;
  if (NOT_PAGES.test(url.pathname) || FILE.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

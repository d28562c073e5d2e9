import { navigate } from "gatsby";
import { pageDataPath } from "../lib/page-data-files";
import { isModifiedClick, sitePath, type LinkFollowed } from "../lib/site-links";

/**
 * The site's links are plain anchors (components/ui/site-link.tsx): without script, and until the page has
 * hydrated, the browser follows them. From then on, one listener for the whole document follows the links to the
 * site's own pages as Gatsby does, without a page load (src/lib/site-links.ts says which), and a mouse button
 * pressed on one, or Enter, starts fetching that page's data before the click comes. Gatsby's Link did both per
 * link, with a component tree and an IntersectionObserver for each of the 180 to 220 links of a page, which the
 * page's hydration paid for, and it fetched the data of every link on screen some seconds after the load, which
 * kept the network busy until 5 s on a phone. A finger's touch fetches nothing ahead: it may be the start of a
 * scroll, and what it fetched would go unused (a preload the browser warns of).
 * Called once, when the page has first hydrated (gatsby-browser.tsx); returns what removes the listeners.
 */
export function followLinks(root: Document = document): () => void {
  const fetched = new Set<string>([pageDataPath(location.pathname)]);
  const anchorOf = (target: EventTarget | null): HTMLAnchorElement | null =>
    target instanceof Element ? target.closest("a[href]") : null;
  const linkOf = (anchor: HTMLAnchorElement): LinkFollowed => ({
    attribute: anchor.getAttribute("href"),
    href: anchor.href,
    target: anchor.target,
    download: anchor.hasAttribute("download"),
  });

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || isModifiedClick(event)) return;
    const anchor = anchorOf(event.target);
    const path = anchor && sitePath(linkOf(anchor), location.href);
    if (!path) return;
    event.preventDefault();
    void navigate(path);
  };

  const onIntent = (event: Event) => {
    const touch = (event as PointerEvent).pointerType === "touch";
    if (event.type === "keydown" ? (event as KeyboardEvent).key !== "Enter" : touch) return;
    const anchor = anchorOf(event.target);
    const path = anchor && sitePath(linkOf(anchor), location.href);
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (!path || saveData) return;
    const data = pageDataPath(new URL(path, location.href).pathname);
    if (fetched.has(data)) return;
    fetched.add(data);
    // as the head's preload of the page's own data: what Gatsby's runtime asks for, which it then finds at hand (a
    // prefetch it would fetch again: page data must be revalidated)
    const link = document.createElement("link");
    link.rel = "preload";
    link.setAttribute("as", "fetch");
    link.crossOrigin = "anonymous";
    link.href = data;
    link.onload = () => link.remove();
    document.head.append(link);
  };

  root.addEventListener("click", onClick);
  root.addEventListener("pointerdown", onIntent, { passive: true });
  root.addEventListener("keydown", onIntent, { passive: true });
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("pointerdown", onIntent);
    root.removeEventListener("keydown", onIntent);
  };
}

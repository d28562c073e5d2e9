import type { GatsbyBrowser } from "gatsby";
import { HASH_SCROLL_DELAY_MS } from "../lib/constants";
import { hashScrollTop, hashTargetId } from "../lib/hash-scroll";

let pending: number | undefined;

/**
 * The blocks of main below the first are laid out only near the viewport (content-visibility, layout.module.css);
 * until then each counts as 40rem high, so a target's position would be an estimate and the page would move under
 * the scroll. The blocks before the target, and the target's own, are laid out for good first.
 */
function layOutBlocksUpTo(target: HTMLElement) {
  for (const block of document.querySelectorAll<HTMLElement>("main > *")) {
    if (!block.contains(target) && !(block.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    block.style.contentVisibility = "visible";
  }
}

function scrollToHash(hash: string) {
  window.clearTimeout(pending);
  const id = hashTargetId(hash);
  if (!id) return;
  pending = window.setTimeout(() => {
    const target = document.getElementById(id);
    if (!target) return;
    layOutBlocksUpTo(target);
    const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({
      top: hashScrollTop(target.getBoundingClientRect().top, window.scrollY, header),
      behavior: reduced ? "auto" : "smooth",
    });
  }, HASH_SCROLL_DELAY_MS);
}

// Gatsby would jump to the hash at once; the site scrolls there itself, 500 ms later.
// https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#shouldUpdateScroll
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) =>
  !(routerProps as { location?: Location }).location?.hash;

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => {
  if (location.hash) scrollToHash(location.hash);
};

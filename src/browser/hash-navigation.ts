import type { GatsbyBrowser } from "gatsby";
import { HASH_SCROLL_DELAY_MS } from "../lib/constants";
import { hashScrollTop, hashTargetId } from "../lib/hash-scroll";

let pending: number | undefined;

function scrollToHash(hash: string) {
  window.clearTimeout(pending);
  const id = hashTargetId(hash);
  if (!id) return;
  pending = window.setTimeout(() => {
    const target = document.getElementById(id);
    if (!target) return;
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

import React, { createContext, forwardRef, useContext } from "react";

/** The path of the page shown (the Layout gives it), for the links to it to say so. */
export const CurrentPath = createContext<string | null>(null);

type Props = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/**
 * A link to one of the site's pages: a plain anchor, which the browser follows before and without script and the
 * site follows without a page load once the page has hydrated (src/browser/links.ts); the one to the page shown is
 * `aria-current="page"`.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Props>(function SiteLink({ to, ...rest }, ref) {
  const current = useContext(CurrentPath) === to;
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes with the rest of the props
  return <a ref={ref} href={to} aria-current={current ? "page" : undefined} {...rest} />;
});

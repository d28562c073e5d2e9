import React from "react";

// Gatsby's runtime in tests: links are anchors, navigate is observable, queries come from each test.
export const graphql = jest.fn();
export const useStaticQuery = jest.fn();
export const navigate = jest.fn(() => Promise.resolve());
export const Script = jest.fn(() => null);
export const StaticQueryContext = React.createContext({});

export const Link = React.forwardRef<
  HTMLAnchorElement,
  React.AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; activeClassName?: string; partiallyActive?: boolean }
>(function Link({ to, activeClassName: _active, partiallyActive: _partial, ...rest }, ref) {
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- children arrive through rest
  return <a ref={ref} href={to} {...rest} />;
});

export default { graphql, useStaticQuery, navigate, Link, Script, StaticQueryContext };

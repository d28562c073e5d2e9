import React from "react";
import { graphql } from "gatsby";
import { LinkCards } from "./link-cards";

/** The products as cards (the home page and /products), from one query fragment. */
export function ProductCards({
  products,
  eyebrow,
}: {
  products: readonly Queries.ProductCardFragment[];
  eyebrow?: string;
}) {
  return <LinkCards items={products.map((p) => ({ title: p.name, path: p.path, summary: p.summary, eyebrow }))} />;
}

export const productCardFields = graphql`
  fragment ProductCard on Product {
    name
    path
    summary
  }
`;

// A product in the editor, drawn by its template (src/templates/product.tsx).
import React from "react";
import ProductTemplate from "../../templates/product";
import { entryOf, pageProps, rendered, type PreviewProps } from "./page-props";

type Item = { title: string; text: string };
interface Product {
  title?: string;
  name?: string;
  description?: string;
  summary?: string;
  features?: Item[];
  steps?: Item[];
  plans?: { name: string; price: string; period: string; features: string[] }[];
  faqs?: { question: string; answer: string }[];
}

export function ProductPreview(props: PreviewProps) {
  const { fields, body, slug } = entryOf<Product>(props);
  const path = `/products/${slug}`;
  const product = {
    title: fields.title ?? "",
    name: fields.name ?? "",
    description: fields.description ?? "",
    summary: fields.summary ?? "",
    path,
    html: rendered(body).html,
    features: fields.features ?? [],
    steps: fields.steps ?? [],
    plans: fields.plans ?? [],
    faqs: fields.faqs ?? [],
  };
  return <ProductTemplate {...pageProps(path, { product })} />;
}

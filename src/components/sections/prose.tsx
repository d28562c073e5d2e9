import React from "react";

/** A Markdown body rendered at build time by gatsby-transformer-remark. */
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={["prose", className].filter(Boolean).join(" ")} dangerouslySetInnerHTML={{ __html: html }} />;
}

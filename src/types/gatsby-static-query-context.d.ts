import type { Context } from "react";

// Gatsby exports the context its static queries are read from (gatsby/cache-dir/static-query.js, re-exported by
// the package's browser entry; its own Head API renders a root of its own inside it), but its types leave it out.
declare module "gatsby" {
  export const StaticQueryContext: Context<Record<string, { data: unknown }>>;
}

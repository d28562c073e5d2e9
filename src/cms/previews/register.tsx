// Each collection's preview: the kinds of content/ drawn by the site's templates, in the site's CSS (the stylesheet
// the editor's bundle extracts from everything it imports: src/node/editor.ts).
import React, { type ComponentType } from "react";
import type CMS from "decap-cms-app";
import { StaticQueryContext } from "gatsby";
import type { PreviewProps } from "./page-props";
import type { StaticQueries } from "./static-queries";
import { ArchivedPostPreview, BlogPostPreview } from "./blog-post-preview";
import { CampaignPreview } from "./campaign-preview";
import { IndustryPreview } from "./industry-preview";
import { PagePreview } from "./page-preview";
import { ProductPreview } from "./product-preview";
import { ServicePreview } from "./service-preview";
import { WebinarPreview } from "./webinar-preview";

const PREVIEWS: Record<string, ComponentType<PreviewProps>> = {
  blog: BlogPostPreview,
  "old-posts": ArchivedPostPreview,
  service: ServicePreview,
  industry: IndustryPreview,
  product: ProductPreview,
  webinar: WebinarPreview,
  page: PagePreview,
  campaign: CampaignPreview,
};

export function registerPreviews(cms: typeof CMS, staticQueries: StaticQueries): void {
  // Decap's props of a preview hold more than a template reads (PreviewProps)
  type Preview = Parameters<typeof cms.registerPreviewTemplate>[1];
  for (const [collection, Template] of Object.entries(PREVIEWS)) {
    const preview = (props: PreviewProps) => (
      <StaticQueryContext.Provider value={staticQueries}>
        <Template {...props} />
      </StaticQueryContext.Provider>
    );
    cms.registerPreviewTemplate(collection, preview as unknown as Preview);
  }
}

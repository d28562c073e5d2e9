// The post the editor's browser test writes through the editor at /admin/ (__tests__/e2e/editor.spec.ts), which
// `npm test` then builds as a deploy preview (scripts/test-all.mjs) and drafts.spec.ts finds there.
export const EDITOR_POST = {
  title: "Data Cloud: A Field Guide for Admins",
  /** the file name the editor gives it, from its title */
  slug: "data-cloud-a-field-guide-for-admins",
  author: "Sofia Martinez",
  tags: ["data-cloud", "admin"],
  coverAlt: "A dashboard of unified customer profiles on a laptop",
  description:
    "What a Salesforce admin sets up in the first weeks of Data Cloud: the sources, the identity rules and the first segment marketing uses.",
  heading: "Start with one source",
  paragraph: "The first weeks decide whether Data Cloud pays for itself.",
} as const;

/** The folder holding the content/ the editor edits in `npm test` (GIT_REPO_DIRECTORY of its server). */
export const EDITOR_REPOSITORY = process.env.EDITOR_REPOSITORY;

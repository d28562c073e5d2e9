import site from "../../content/site.json";

// The comments scripts/test-all.mjs puts in the test store before the production build, so that the browser tests
// can find approved ones in the built pages' HTML (seed-store.ts writes them).
export const SEEDED = [
  {
    path: "/blog/agentforce-readiness-checklist",
    name: "Priya from Pune",
    text: "Approved before the build.\n\nWe ran the checklist with our admins. Notes at https://example.com/notes",
    moderation: "approve",
  },
  { path: "/blog/agentforce-readiness-checklist", name: "Waiting Reader", text: "Still pending.", moderation: null },
  { path: "/blog/agentforce-readiness-checklist", name: "Rejected Reader", text: "Turned down.", moderation: "reject" },
  {
    path: "/blog/old-posts/lessons-from-100-implementations",
    name: "Archive Reader",
    text: "An old post, still read.",
    moderation: "approve",
  },
] as const;

export const seededBody = (c: (typeof SEEDED)[number]) => ({
  type: site.labels.comment,
  name: c.name,
  email: `${c.name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
  comment: c.text,
  url: `${site.siteUrl}${c.path}`,
});

// The layers of docs/architecture.md#layers, as rules that `npm run lint` checks (dependency-cruiser): an import
// that points the wrong way, or across where the list says it may not, fails the lint naming the rule, the importing
// file and the imported one. Each rule's comment is the layer list's sentence it keeps.
const ABOVE_SERVER = "^src/(browser|components|templates|cms|inbox|node|pages)/|^src/root[.]tsx$";

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "lib-is-pure",
      comment: "src/lib/: pure TypeScript, no React and no Gatsby; it imports nothing of src/ but itself",
      severity: "error",
      from: { path: "^src/lib/" },
      to: { path: ["^src/(?!lib/)", "^node_modules/(react|react-dom|gatsby)/"] },
    },
    {
      name: "server-below-the-site",
      comment:
        "src/server/ builds on src/lib/ and imports nothing of Gatsby nor of the layers above it; its pages draw " +
        "the forms' fields alone of src/components/ (form-fields.tsx, which rule fields-for-both keeps drawable)",
      severity: "error",
      from: { path: "^src/server/" },
      to: {
        path: [ABOVE_SERVER, "^netlify/", "^node_modules/gatsby[^/]*/"],
        pathNot: "^src/components/forms/form-fields[.]tsx$",
      },
    },
    {
      name: "fields-for-both",
      comment: "form-fields.tsx is drawn by the site and by the server's pages: React and src/lib/ only",
      severity: "error",
      from: { path: "^src/components/forms/form-fields[.]tsx$" },
      to: { path: ["^src/(?!lib/)", "^node_modules/gatsby[^/]*/", "[.]css$"] },
    },
    {
      name: "node-on-lib-and-store",
      comment: "src/node/ (the build) builds on src/lib/ and uses the store, and the server's local parts",
      severity: "error",
      from: { path: "^src/node/" },
      to: { path: "^src/(browser|components|templates|cms|inbox)/" },
    },
    {
      name: "functions-hand-over",
      comment: "netlify/functions/ read the settings and hand over to src/server/",
      severity: "error",
      from: { path: "^netlify/" },
      to: { path: "^src/(browser|components|templates|cms|inbox|node|pages)/" },
    },
    {
      name: "browser-on-lib",
      comment: "src/browser/: the browser's document, window or storage, without the site's components, on src/lib/",
      severity: "error",
      from: { path: "^src/browser/" },
      to: { path: "^src/(?!lib/|browser/)" },
    },
    {
      name: "site-not-server",
      comment: "src/components/ and src/templates/: React, on src/lib/ and src/browser/, never the server's code",
      severity: "error",
      from: { path: "^src/(components|templates|pages)/|^src/root[.]tsx$" },
      to: { path: ["^src/(server|node|cms|inbox)/", "^netlify/"] },
    },
    {
      name: "inbox-on-top",
      comment: "src/inbox/ (npm run leads) on src/server/ and src/lib/: only scripts/leads.ts and tests import it",
      severity: "error",
      from: { pathNot: "^src/inbox/|^scripts/leads[.]ts$|^__tests__/" },
      to: { path: "^src/inbox/" },
    },
    {
      name: "cms-on-its-own",
      comment: "src/cms/: nothing imports it but its own bundle, and npm run format, which writes content as it does",
      severity: "error",
      from: { pathNot: "^src/cms/|^scripts/format-content[.]mjs$|^__tests__/" },
      to: { path: "^src/cms/" },
    },
    {
      name: "no-circular",
      comment:
        "no module imports itself through others, not even for a type: a circle has no layer to sit in, and its " +
        "modules can be neither understood nor tested one without the other",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/gatsby-types[.]d[.]ts$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"] },
  },
};

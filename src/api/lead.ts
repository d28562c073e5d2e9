import jobs from "../../content/jobs.json";
import site from "../../content/site.json";
import { parseCatalog } from "../lib/event-catalog";
import { readSettings } from "../server/config";
import { createLeadHandler } from "../server/lead-handler";
import { runtimeEnv } from "../server/secret-env";
import { openCvFiles, type BlobsEvent } from "../server/store/cv-files";
import { openStore } from "../server/store/open-store";

// The form endpoint: a Gatsby Function, and a Netlify Function through gatsby-adapter-netlify (docs/deploying.md).
// The bundler replaces a bare `process.env.X` with its value at build, so the endpoint reads its settings from
// `globalThis.process.env` at run time, secrets included (src/server/secret-env.ts). The one value taken from the
// build on purpose: NETLIFY, "true" in Netlify's builds, so a function built there runs behind Netlify's edge; and
// EVENT_CATALOG, the webinars and events as the build read them from content/ (src/node/event-catalog.ts).
// On Netlify the function is Lambda-compatible (gatsby-adapter-netlify): the Blobs context of the applicants' CVs is
// in its event, which the adapter hands over as `req.netlifyFunctionParams`.
const env = runtimeEnv();
const eventOf = (req: unknown): BlobsEvent | undefined =>
  (req as { netlifyFunctionParams?: { event?: BlobsEvent } } | undefined)?.netlifyFunctionParams?.event;
export default createLeadHandler({
  labels: site.labels,
  mailboxes: site.emails,
  settings: readSettings(env, site.siteUrl, site.emails.sales, { behindNetlify: process.env.NETLIFY === "true" }),
  store: () => openStore(env),
  catalog: parseCatalog(process.env.EVENT_CATALOG),
  openings: jobs.map((job) => job.title),
  cvs: (req) => openCvFiles(env, { event: eventOf(req) }),
});

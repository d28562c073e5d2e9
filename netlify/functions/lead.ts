// The form endpoint, POST /api/lead: every form of the site, with script (JSON, or multipart with a CV) and without
// (urlencoded, multipart). Its logic is src/server/lead-handler.ts; this file reads the settings at run time and
// hands over. `context.ip` is the visitor's address as Netlify's edge gives it (the rate limit's bucket).
import type { Config, Context } from "@netlify/functions";
import jobs from "../../content/jobs.json";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { campaignsFor } from "../../src/server/campaign-files";
import { eventCatalogFor } from "../../src/server/event-catalog-files";
import { createLeadHandler } from "../../src/server/lead-handler";
import { runtimeEnv } from "../../src/server/secret-env";
import { openCvFiles } from "../../src/server/store/cv-files";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();

const handle = createLeadHandler({
  labels: site.labels,
  mailboxes: site.emails,
  settings: readSettings(env, site.siteUrl, site.emails.sales, { behindNetlify: env.NETLIFY_DEV !== "true" }),
  store: () => openStore(env),
  catalog: eventCatalogFor("lead"),
  campaigns: campaignsFor("lead"),
  openings: jobs.map((job) => job.title),
  cvs: async () => openCvFiles(),
});

export default (request: Request, context: Context) => handle(request, { ip: context.ip });

export const config: Config = { path: "/api/lead" };

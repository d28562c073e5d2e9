// The scheduled delivery on Netlify (docs/deploying.md#the-scheduled-delivery): every five minutes it attempts the
// outbox's deliveries that are due, with no request needed, and tells the sales mailbox of each delivery that has
// stopped (src/server/scheduled-delivery.ts, bounded to end well within a scheduled function's 30 seconds). The
// same sinks as the form endpoint's (netlify/functions/lead.ts), from the settings read at run time.
import type { Config } from "@netlify/functions";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { eventCatalogFor } from "../../src/server/event-catalog-files";
import { createScheduledDelivery } from "../../src/server/scheduled-delivery";
import { runtimeEnv } from "../../src/server/secret-env";
import { openCvFiles } from "../../src/server/store/cv-files";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();

export default createScheduledDelivery({
  settings: readSettings(env, site.siteUrl, site.emails.sales, { behindNetlify: env.NETLIFY_DEV !== "true" }),
  mailboxes: site.emails,
  store: () => openStore(env),
  catalog: eventCatalogFor("deliver"),
  cvs: async () => openCvFiles(),
});

export const config: Config = { schedule: "*/5 * * * *" };

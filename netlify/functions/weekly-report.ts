// The weekly leads report on Netlify (docs/deploying.md#the-weekly-report): on Mondays at 07:00 UTC the marketing
// mailbox (MARKETING_MAILBOX) gets the page `npm run leads -- report --html` writes, for the last eight whole weeks
// (src/server/weekly-report.ts).
import type { Config } from "@netlify/functions";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";
import { createWeeklyReport } from "../../src/server/weekly-report";

const env = runtimeEnv();

export default createWeeklyReport({
  settings: readSettings(env, site.siteUrl, site.emails.sales),
  store: () => openStore(env),
  siteTitle: site.title,
});

export const config: Config = { schedule: "0 7 * * 1" };

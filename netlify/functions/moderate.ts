// The moderation links' page, /api/moderate: GET shows a comment and one button, POST approves or rejects it
// (src/server/moderate-handler.ts). Settings are read at run time; `context.ip` is the rate limit's client.
import type { Config } from "@netlify/functions";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { createModerateHandler } from "../../src/server/moderate-handler";
import { createLimiter } from "../../src/server/rate-limit";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();
const store = () => openStore(env);
const settings = readSettings(env, site.siteUrl, site.emails.sales);

export default createModerateHandler({
  store,
  secret: env.MODERATION_SECRET,
  limiter: createLimiter({ store, settings }),
});

export const config: Config = { path: "/api/moderate" };

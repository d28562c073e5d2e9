// A subscriber's Confirm and Unsubscribe links, /api/subscription: GET shows one button, POST (it, or a mail
// program's one click) acts (src/server/subscription.ts). `context.ip` is hashed into the proof of consent.
import type { Config, Context } from "@netlify/functions";
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { createLimiter } from "../../src/server/rate-limit";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";
import { createSubscriptionHandler } from "../../src/server/subscription";

const env = runtimeEnv();
const store = () => openStore(env);

const handle = createSubscriptionHandler({
  store,
  secret: env.MODERATION_SECRET,
  hashSecret: env.LEAD_HASH_SECRET,
  limiter: createLimiter({ store, settings: readSettings(env, site.siteUrl, site.emails.sales) }),
});

export default (request: Request, context: Context) => handle(request, { ip: context.ip });

export const config: Config = { path: "/api/subscription" };

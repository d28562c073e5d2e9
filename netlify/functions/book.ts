// The consultation link, GET /api/book: a 303 to Calendly's booking page with the topic and the campaign of the
// page it was followed from (src/server/booking-redirect.ts). The site's origins are read at run time; `context.ip`
// is the rate limit's client.
import type { Config, Context } from "@netlify/functions";
import site from "../../content/site.json";
import { createBookingRedirect } from "../../src/server/booking-redirect";
import { readSettings } from "../../src/server/config";
import { createLimiter } from "../../src/server/rate-limit";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();
const settings = readSettings(env, site.siteUrl, site.emails.sales);

const handle = createBookingRedirect({
  calendlyUrl: site.thirdParty.calendlyUrl,
  topic: site.thirdParty.calendlyPrefill,
  origins: settings.allowedOrigins,
  limiter: createLimiter({ store: () => openStore(env), settings }),
});

export default (request: Request, context: Context) => handle(request, { ip: context.ip });

export const config: Config = { path: "/api/book" };

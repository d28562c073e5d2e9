// The consultation link, GET /api/book: a 303 to Calendly's booking page with the topic and the campaign of the
// page it was followed from (src/server/booking-redirect.ts). The site's origins are read at run time.
import type { Config } from "@netlify/functions";
import site from "../../content/site.json";
import { createBookingRedirect } from "../../src/server/booking-redirect";
import { readSettings } from "../../src/server/config";
import { runtimeEnv } from "../../src/server/secret-env";

const env = runtimeEnv();

const handle = createBookingRedirect({
  calendlyUrl: site.thirdParty.calendlyUrl,
  topic: site.thirdParty.calendlyPrefill,
  origins: readSettings(env, site.siteUrl, site.emails.sales).allowedOrigins,
});

export default (request: Request) => handle(request);

export const config: Config = { path: "/api/book" };

// Calendly's webhook, POST /api/calendly: a consultation booked (`invitee.created`) or cancelled
// (`invitee.canceled`), signed with the subscription's signing key (CALENDLY_WEBHOOK_SECRET, read at run time;
// without it the address answers 404). Its logic is src/server/calendly.ts; docs/configuration.md says how to create
// the subscription.
import type { Config } from "@netlify/functions";
import site from "../../content/site.json";
import { createCalendlyHandler } from "../../src/server/calendly";
import { readSettings } from "../../src/server/config";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();
const settings = readSettings(env, site.siteUrl, site.emails.sales, { behindNetlify: env.NETLIFY_DEV !== "true" });

export default createCalendlyHandler({
  signingKey: settings.calendlySigningKey,
  settings,
  mailboxes: site.emails,
  store: () => openStore(env),
});

export const config: Config = { path: "/api/calendly" };

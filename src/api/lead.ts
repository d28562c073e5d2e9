import site from "../../content/site.json";
import { readSettings } from "../server/config";
import { createLeadHandler } from "../server/lead-handler";
import { runtimeEnv } from "../server/secret-env";
import { functionStore } from "../server/store/function-store";

// The form endpoint: a Gatsby Function, and a Netlify Function through gatsby-adapter-netlify (README).
// The bundler replaces a bare `process.env.X` with its value at build, so the endpoint reads its settings from
// `globalThis.process.env` at run time, secrets included (src/server/secret-env.ts).
const env = runtimeEnv();
export default createLeadHandler({
  labels: site.labels,
  mailboxes: site.emails,
  settings: readSettings(env, site.siteUrl, site.emails.sales),
  store: functionStore(env),
});

import site from "../../content/site.json";
import { readSettings } from "../server/config";
import { createLeadHandler } from "../server/lead-handler";

// The form endpoint: a Gatsby Function, and a Netlify Function through gatsby-adapter-netlify (README).
export default createLeadHandler({
  labels: site.labels,
  mailboxes: site.emails,
  // the bundler replaces a bare `process.env` with the build's variables; the endpoint reads them at run time
  settings: readSettings(globalThis.process.env, site.siteUrl, site.emails.sales),
});

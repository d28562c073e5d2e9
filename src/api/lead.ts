import path from "path";
import site from "../../content/site.json";
import { createLeadHandler } from "../server/lead-handler";

// The form endpoint (a Gatsby Function; a Netlify Function through gatsby-adapter-netlify). See README.
const origins = [site.siteUrl, process.env.SITE_URL, process.env.URL, process.env.DEPLOY_PRIME_URL]
  .filter((o): o is string => Boolean(o))
  .map((o) => new URL(o).origin);

export default createLeadHandler({
  labels: site.labels,
  origins,
  leadsFile: path.resolve(process.env.LEADS_FILE || ".data/leads.jsonl"),
});

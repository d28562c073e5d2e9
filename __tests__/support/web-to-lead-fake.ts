// A stand-in for Salesforce Web-to-Lead on loopback, run by playwright.config.ts beside the site's server (whose
// WEB_TO_LEAD_URL points here): it answers every POST 200, as Web-to-Lead does, and keeps the posted fields, which
// GET /posts lists as JSON for the browser tests (__tests__/e2e/attribution.spec.ts).
// Usage: tsx __tests__/support/web-to-lead-fake.ts PORT
import { createServer } from "http";

const posts: Record<string, string>[] = [];
const port = Number(process.argv[2]);

createServer((req, res) => {
  if (req.method === "GET" && req.url === "/posts") {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(posts));
    return;
  }
  if (req.method !== "POST") {
    res.writeHead(req.url === "/" ? 200 : 404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    posts.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    res.writeHead(200, { "Content-Type": "text/html" }).end("<p>ok</p>");
  });
}).listen(port, "127.0.0.1");

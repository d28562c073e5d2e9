// `npm run observatory`: Mozilla's HTTP Observatory (the @mdn/mdn-http-observatory package, the scanner behind
// developer.mozilla.org/observatory) run against the production build as a visitor's browser sees it on Netlify:
// the local server (scripts/serve.mjs) behind a TLS front on https://localhost (port 443, a throwaway self-signed
// certificate the scanner is told to trust) and http://localhost (port 80) redirecting to it, as Netlify does.
// The scanner is installed on first use into .data/observatory (with --ignore-scripts: its post-install step
// downloads Mozilla's CA list, which the scan of localhost does not need). Binding ports 80 and 443 needs root.
// Prints the score and each test; exits 1 below 120 or with a test failed. Options: --port 9170 (the local server).
import { execFileSync, spawn } from "child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import http from "http";
import https from "https";
import path from "path";
import { parseArgs } from "util";
import { selfSignedCertificate } from "./self-signed.mjs";

const VERSION = "1.4.8";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values } = parseArgs({ options: { port: { type: "string", default: "9170" } } });
const work = path.join(root, ".data", "observatory");
const scanner = path.join(work, "node_modules", "@mdn", "mdn-http-observatory", "src", "scan.js");
mkdirSync(work, { recursive: true });

if (!existsSync(scanner)) {
  console.log(`installing @mdn/mdn-http-observatory@${VERSION} into ${path.relative(root, work)}…`);
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      work,
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--no-save",
      `@mdn/mdn-http-observatory@${VERSION}`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

// the HSTS preload list its post-install step would download: localhost is on no such list
const preload = path.join(work, "node_modules", "@mdn", "mdn-http-observatory", "conf", "hsts-preload.json");
if (!existsSync(preload)) writeFileSync(preload, "{}\n");

// made afresh for each run (valid two days), in place of the last run's
const tlsDir = path.join(work, "tls");
rmSync(tlsDir, { recursive: true, force: true });
const { key, cert } = selfSignedCertificate(tlsDir, {
  subject: "/CN=localhost",
  days: 2,
  altNames: "DNS:localhost,IP:127.0.0.1,IP:::1",
});

const server = spawn("node", ["--import", "tsx", "scripts/serve.mjs", "--port", values.port, "--with-parent"], {
  cwd: root,
  env: { ...process.env, LEADS_STORE_DIR: path.join(work, "store") },
  stdio: ["pipe", "pipe", "inherit"],
});
await new Promise((resolve, reject) => {
  server.stdout.on("data", (chunk) => String(chunk).includes("Serving the production build") && resolve());
  server.once("exit", (code) => reject(new Error(`the local server exited (${code})`)));
});

// the TLS front: passes each request to the local server as Netlify's edge passes it to the origin
const front = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
  const upstream = http.request(
    { host: "127.0.0.1", port: values.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => (res.writeHead(502), res.end()));
  req.pipe(upstream);
});
const redirect = http.createServer((req, res) => {
  res.writeHead(301, { Location: `https://${req.headers.host ?? "localhost"}${req.url}` });
  res.end();
});
await new Promise((r) => front.listen(443, "127.0.0.1", r));
await new Promise((r) => redirect.listen(80, "127.0.0.1", r));

let exit = 1;
try {
  // spawned, not run in this process: the scanner reads NODE_EXTRA_CA_CERTS when Node starts
  const run = await new Promise((resolve) => {
    const child = spawn("node", [scanner, "localhost"], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: cert, NODE_OPTIONS: "--dns-result-order=ipv4first" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (c) => (text += c));
    child.on("close", () => resolve(text));
  });
  const out = run;
  const result = JSON.parse(out);
  if (result.error) throw new Error(result.error);
  const { scan, tests } = result;
  for (const [name, t] of Object.entries(tests))
    console.log(`${t.pass ? "pass" : "FAIL"}  ${name.padEnd(30)} ${String(t.scoreModifier).padStart(4)}  ${t.result}`);
  console.log(
    `\nMozilla HTTP Observatory ${VERSION}: score ${scan.score} (${scan.grade}), ${scan.testsPassed}/${scan.testsQuantity} tests passed`,
  );
  exit = scan.score >= 120 && scan.testsPassed === scan.testsQuantity ? 0 : 1;
} catch (error) {
  console.error(`the scan failed: ${error.message}`);
} finally {
  front.close();
  redirect.close();
  server.kill("SIGTERM");
}
process.exit(exit);

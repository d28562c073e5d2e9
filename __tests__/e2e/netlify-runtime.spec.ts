import { request as httpRequest } from "http";
import { spawnSync } from "child_process";
import { mkdtempSync, readFileSync } from "fs";
import os from "os";
import path from "path";
import jobs from "../../content/jobs.json";
import site from "../../content/site.json";
import { CV_MAX_BYTES } from "../../src/lib/cv-file";
import { eventually } from "../support/eventually";
import { TEST_SERVER_PORTS } from "../support/ports";
import { mailServer } from "../support/recording-server";
import { expect, test } from "./fixtures";
import { postFrom, ROOT, startServer } from "./servers";
import { validBody } from "../support/valid-body";

// What Netlify deploys, as Netlify's own local runtime runs it (scripts/serve.mjs, src/server/netlify-emulation.ts):
// the functions bundled and invoked as the platform does, on the Node these tests run on (24 in CI, as production).
// A CV at the limit arrives whole, one over it is answered in the site's words, a subscription is confirmed by its
// link, each visitor has a rate limit of their own, each header has one value, and no function throws while it answers.

const PORT = TEST_SERVER_PORTS.netlifyRuntime;
test.describe.configure({ mode: "serial" });

const contact = (name: string) =>
  JSON.stringify(validBody("contact", { info: "Hello", email: `${name}@example.com`, phone: "91", name }));

/** The raw header names of an answer, as a client receives them (repeats included). */
function rawHeaderNames(url: string) {
  return new Promise<string[]>((resolve, reject) =>
    httpRequest(url, (res) => {
      res.resume();
      resolve(res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()));
    })
      .on("error", reject)
      .end(),
  );
}

test("through Netlify's runtime: CVs at and over the limit, a rate limit per visitor, one value per header", async ({
  request,
}) => {
  test.setTimeout(240_000);
  const smtp = await mailServer();
  // every request counts toward the limit (rate-limit.ts): this loopback address sends three to /api/lead first
  const server = await startServer(PORT, { SMTP_URL: smtp.url, LEAD_RATE_LIMIT: "3" });
  const leads = (...args: string[]) =>
    spawnSync("node_modules/.bin/tsx", ["scripts/leads.ts", ...args], { cwd: ROOT, env: server.env, encoding: "utf8" });
  try {
    // a CV just under the limit, sent by a browser's own form: stored, the blob byte for byte, mailed to jobs
    const cv = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(CV_MAX_BYTES - 1024, 7)]);
    const fields = {
      type: site.labels.application,
      opening: jobs[0].title,
      name: "Meera Limit",
      email: "meera.limit@example.com",
      phone: "9820012345",
      dial: "91",
    };
    const sent = await request.post(`${server.origin}/api/lead`, {
      headers: { origin: server.origin },
      multipart: { ...fields, cv: { name: "Meera CV.pdf", mimeType: "application/pdf", buffer: cv } },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);
    expect(sent.headers().location).toBe(`${server.origin}/application-received`);
    const row = leads("list", "--kind", "application")
      .stdout.split("\n")
      .find((l) => l.includes("meera.limit"));
    expect(row).toBeTruthy();
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), "cv-")), "cv.pdf");
    expect(leads("cv", row!.slice(0, 8), out).status).toBe(0);
    expect(readFileSync(out).equals(cv)).toBe(true);
    const mails = await eventually(
      async () => smtp.mails.filter((m) => m.to.includes(site.emails.jobs)),
      (m) => m.length > 0,
    );
    expect(mails[0].raw).toContain("Meera CV.pdf");

    // one just over it: the form again in the site's words, what was typed kept, nothing stored
    const over = await request.post(`${server.origin}/api/lead`, {
      headers: { origin: server.origin },
      multipart: {
        ...fields,
        email: "meera.over@example.com",
        cv: { name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.concat([cv, Buffer.alloc(64 * 1024)]) },
      },
    });
    expect(over.status()).toBe(413);
    const page = await over.text();
    expect(page).toContain("4 MB");
    expect(page).toContain('value="meera.over@example.com"');
    expect(leads("list", "--kind", "application").stdout).not.toContain("meera.over");

    // a newsletter subscription without script, then its confirmation link, opened and pressed as a browser would
    const subscribed = await request.post(`${server.origin}/api/lead`, {
      headers: { origin: server.origin },
      form: { type: site.labels.newsletter, email: "reader.runtime@example.com" },
      maxRedirects: 0,
    });
    expect(subscribed.status()).toBe(303);
    const [confirmation] = await eventually(
      async () => smtp.mails.filter((m) => m.to.includes("reader.runtime@example.com")),
      (m) => m.length > 0,
    );
    const link = new URL(confirmation.text.split(/\s+/).find((word) => word.includes("action=confirm"))!);
    const opened = await request.get(`${server.origin}${link.pathname}${link.search}`);
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toContain("Confirm my subscription");
    const pressed = await request.post(`${server.origin}${link.pathname}`, {
      form: Object.fromEntries(link.searchParams),
      headers: { origin: server.origin },
    });
    expect(pressed.status()).toBe(200);
    expect(await pressed.text()).toContain("Subscription confirmed");
    expect(leads("subscribers").stdout).toMatch(/reader\.runtime@example\.com.*confirmed/);

    // two visitors from two addresses, two buckets; the first, sending too fast, gets 429
    const first = [];
    for (const n of [1, 2, 3, 4]) first.push((await postFrom("127.0.0.2", server.origin, contact(`first${n}`))).status);
    const second = [];
    for (const n of [1, 2]) second.push((await postFrom("127.0.0.3", server.origin, contact(`second${n}`))).status);
    expect(first).toEqual([200, 200, 200, 429]);
    expect(second).toEqual([200, 200]);

    // one value for each header, on a page, an unknown path and a function's answer
    for (const where of ["/", "/about", "/no-such-page", "/api/comments?path=nowhere"]) {
      const names = await rawHeaderNames(`${server.origin}${where}`);
      expect(
        names.filter((n, i) => names.indexOf(n) !== i),
        where,
      ).toEqual([]);
    }
    const home = await request.get(`${server.origin}/`);
    expect(home.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    // nothing a function did was an uncaught exception or an unhandled rejection
    expect(server.output()).not.toMatch(
      /function error|Uncaught|Unhandled|unhandledRejection|TypeError|ReferenceError/,
    );
  } finally {
    await server.stop();
    await smtp.close();
  }
});

/** @jest-environment node */
import { randomBytes } from "crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "fs";
import path from "path";
import jobs from "../../content/jobs.json";
import site from "../../content/site.json";
import { CV_MAX_BYTES } from "../../src/lib/cv-file";
import { readSettings } from "../../src/server/config";
import { parseArgs } from "../../src/inbox/program";
import { runCommand } from "../../src/inbox/commands";
import { createLeadHandler } from "../../src/server/lead-handler";
import { MAX_UPLOAD_BYTES } from "../../src/server/multipart";
import { purge } from "../../src/server/purge";
import { sinksFor } from "../../src/server/sinks";
import type { CvFiles } from "../../src/server/store/cv-files";
import type { Store } from "../../src/server/store/sql";
import { eventually } from "../support/eventually";
import { callFunction } from "../support/fake-function";
import { localCvFiles } from "../support/local-blobs";
import { mailServer } from "../support/recording-server";
import { tempDir } from "../support/temp-dir";
import { emptied, engines } from "../support/test-store";

// Issue 36's applications end to end below the browser: the real endpoint, a real local SMTP server (smtp-server on
// loopback) and @netlify/blobs' own BlobsServer over a folder under .data/, as the local server runs them.

const opening = jobs[0].title;
const fields = {
  type: site.labels.application,
  name: "Meera Iyer",
  email: "meera@example.com",
  phone: "919820012345",
  opening,
  link: "https://www.linkedin.com/in/meera-example",
  info: "Five years of Apex and LWC.",
};
/** a PDF by its bytes: the magic number, then bytes of every value, so that any re-encoding would show */
const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(200 * 1024)]);
/** a Linux program renamed cv.pdf */
const program = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(4096)]);

/** A multipart/form-data body as a browser sends it: its bytes and its content type. */
async function multipart(values: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  if (file) data.append("cv", new File([new Uint8Array(file.bytes)], file.name, { type: "application/pdf" }));
  const encoded = new Response(data);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! };
}

/** The attachments of a raw MIME message: each part with a file name, decoded from base64. */
function attachments(raw: string): { name: string; bytes: Buffer }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]);
  const parts = boundaries.flatMap((b) => raw.split(`--${b}`));
  return parts
    .filter((p) => /Content-Disposition:\s*attachment/i.test(p))
    .map((p) => {
      const [head, ...body] = p.split(/\r?\n\r?\n/);
      const name = /filename="?([^";\r\n]+)"?/i.exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
      return { name, bytes: Buffer.from(body.join("").replace(/\s+/g, ""), "base64") };
    });
}

jest.setTimeout(60_000);

const blobsDir = path.join(__dirname, "../../.data", `test-blobs-${process.pid}`);

describe.each(engines)("applications on %s", (_engine, open) => {
  let store: Store;
  let files: CvFiles;
  beforeAll(async () => {
    mkdirSync(blobsDir, { recursive: true });
    store = await open();
    files = await localCvFiles(blobsDir);
  }, 60_000);
  beforeEach(async () => {
    await emptied(store);
    for (const key of await files.keys()) await files.remove(key);
  });
  afterAll(async () => {
    await files?.close();
    await store?.close();
    rmSync(blobsDir, { recursive: true, force: true });
  }, 60_000);

  function endpoint(env: Record<string, string> = {}) {
    const handler = createLeadHandler({
      labels: site.labels,
      mailboxes: site.emails,
      settings: readSettings({ LEAD_DELIVERY_WAIT_MS: "3000", ...env }, site.siteUrl, site.emails.sales),
      store: async () => store,
      openings: jobs.map((j) => j.title),
      cvs: async () => files,
    });
    return (body: { body: Buffer; type: string }, accept = "application/json") =>
      callFunction(handler, {
        body: new Uint8Array(body.body),
        headers: { "content-type": body.type, accept, origin: site.siteUrl },
      });
  }

  const rows = () =>
    store
      .query<{
        id: string;
        kind: string;
        cv_key: string;
        cv_name: string;
        cv_kind: string;
        cv_size: number;
      }>("SELECT id, kind, cv_key, cv_name, cv_kind, cv_size FROM submissions")
      .then((r) => r.rows);

  it("stores the row and the blob, and mails the jobs mailbox the CV attached, byte for byte", async () => {
    const smtp = await mailServer();
    try {
      const send = endpoint({ SMTP_URL: smtp.url });
      const sent = await send(await multipart(fields, { name: "Meera CV.pdf", bytes: pdf }));
      expect(sent).toMatchObject({ status: 200, body: { ok: true } });
      const [row] = await rows();
      expect(row).toMatchObject({ kind: "application", cv_name: "Meera CV.pdf", cv_kind: "pdf", cv_size: pdf.length });
      expect(row.cv_key).toBe(row.id);
      expect(Buffer.from((await files.get(row.cv_key))!).equals(pdf)).toBe(true);
      await eventually(
        async () => smtp.mails.length,
        (n) => n > 0,
        10_000,
      );
      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect(mail.to).toEqual([site.emails.jobs]);
      expect(mail.header("subject")).toContain(opening);
      expect(mail.header("reply-to")).toContain(fields.email);
      const [attached] = attachments(mail.raw);
      expect(attached.name).toBe("Meera CV.pdf");
      expect(attached.bytes.equals(pdf)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("answers a browser's own post with a 303 to the received page", async () => {
    const sent = await endpoint()(await multipart(fields, { name: "cv.pdf", bytes: pdf }), "text/html");
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toMatch(/\/application-received$/);
    expect(await rows()).toHaveLength(1);
  });

  it("refuses a file just over 4 MB and a renamed program, naming the limit, and leaves no row and no blob", async () => {
    const send = endpoint();
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(CV_MAX_BYTES)]);
    const tooBig = await send(await multipart(fields, { name: "cv.pdf", bytes: big }));
    expect(tooBig).toMatchObject({ status: 413, body: { field: "cv" } });
    expect((tooBig.body as { error: string }).error).toContain("4 MB");
    const renamed = await send(await multipart(fields, { name: "cv.pdf", bytes: program }));
    expect(renamed).toMatchObject({ status: 400, body: { field: "cv" } });
    // without script: the form again, what was typed kept, the limit in words
    const page = await send(await multipart(fields, { name: "cv.pdf", bytes: big }), "text/html");
    expect(page.status).toBe(413);
    expect(String(page.body)).toContain("4 MB");
    expect(String(page.body)).toContain('value="Meera Iyer"');
    const wrong = await send(await multipart(fields, { name: "cv.pdf", bytes: program }), "text/html");
    expect(wrong.status).toBe(400);
    expect(String(wrong.body)).toContain('value="meera@example.com"');
    expect(await rows()).toEqual([]);
    expect(await files.keys()).toEqual([]);
    expect(CV_MAX_BYTES).toBe(4 * 1024 * 1024);
    // a body larger than the platform lets through is refused before it is read
    const huge = await send(await multipart(fields, { name: "cv.pdf", bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1) }));
    expect(huge).toMatchObject({ status: 413, body: { field: "body" } });
    expect(await rows()).toEqual([]);
  });

  it("leaves no blob when the row is refused (a bad field, the rate limit)", async () => {
    // two: every request counts, the refused one too
    const send = endpoint({ LEAD_RATE_LIMIT: "2" });
    expect((await send(await multipart({ ...fields, email: "nope" }, { name: "cv.pdf", bytes: pdf }))).status).toBe(
      400,
    );
    expect((await send(await multipart(fields, { name: "cv.pdf", bytes: pdf }))).status).toBe(200);
    const limited = await send(await multipart({ ...fields, name: "Other" }, { name: "cv.pdf", bytes: pdf }));
    expect(limited.status).toBe(429);
    const [row] = await rows();
    expect(await files.keys()).toEqual([row.cv_key]);
  });

  it("show names the file, cv writes it out, erase deletes the blob with the row", async () => {
    await endpoint()(await multipart(fields, { name: "cv.pdf", bytes: pdf }));
    const [row] = await rows();
    const lines: string[] = [];
    const ctx = {
      store,
      sinks: sinksFor(readSettings({}, site.siteUrl, site.emails.sales), site.emails, async () => store),
      retentionDays: 730,
      applicationsRetentionDays: 180,
      rateWindowMs: 60_000,
      out: (line: string) => lines.push(line),
      files: async () => files,
    };
    const command = (argv: string[]) => {
      const parsed = parseArgs(argv);
      if ("error" in parsed) throw new Error(parsed.error);
      return runCommand(parsed, ctx);
    };
    expect(await command(["show", row.id.slice(0, 8)])).toBe(0);
    expect(lines.join("\n")).toMatch(/CV file: cv\.pdf \(PDF, 201 KB\)/);
    const out = path.join(tempDir("cv-"), "written.pdf");
    expect(await command(["cv", row.id.slice(0, 8), out])).toBe(0);
    expect(readFileSync(out).equals(pdf)).toBe(true);
    expect(await command(["erase", "--email", fields.email])).toBe(0);
    expect(await rows()).toEqual([]);
    expect(await files.get(row.cv_key)).toBeNull();
    expect(await files.keys()).toEqual([]);
    expect(lines.join("\n")).toContain("Deleted their 1 CV file");
  });

  it("purges applications older than the retention period, and their blobs", async () => {
    const send = endpoint();
    await send(await multipart(fields, { name: "old.pdf", bytes: pdf }));
    await send(await multipart({ ...fields, name: "Recent" }, { name: "new.pdf", bytes: pdf }));
    await store.query("UPDATE submissions SET received_at = now() - interval '181 days' WHERE cv_name = 'old.pdf'");
    const purged = await purge(store, files, {
      retentionDays: 730,
      applicationsRetentionDays: 180,
      rateWindowMs: 60_000,
    });
    expect(purged).toMatchObject({ applications: 1, files: 1 });
    const left = await rows();
    expect(left.map((r) => r.cv_name)).toEqual(["new.pdf"]);
    expect(await files.keys()).toEqual([left[0].cv_key]);
    expect(existsSync(blobsDir)).toBe(true);
  });
});

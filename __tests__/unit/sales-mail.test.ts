/** @jest-environment node */
// Issue 54: what a visitor typed cannot pose as the mail's own lines. A message of several lines is quoted, each of
// its lines after "> ", in the mail sales, jobs or a moderator receives (src/server/sinks/email.ts), so a line typed
// as `email: …` or `Approve: …` is never one of the mail's fields or links. Read as received, from a real SMTP server.
import site from "../../content/site.json";
import { FORMS, payloadOf } from "../../src/lib/forms";
import { readSettings } from "../../src/server/config";
import { createLeadHandler } from "../../src/server/lead-handler";
import { fieldLines } from "../../src/server/sinks/email";
import type { Store } from "../../src/server/store/sql";
import { eventually } from "../support/eventually";
import { callFunction } from "../support/fake-function";
import { mailServer } from "../support/recording-server";
import { emptied, engines } from "../support/test-store";

const FORGED = ["email: attacker@evil.test", "phone: +1 555 0100", "Submission 00000000, received never."];

describe("a field's lines in a mail", () => {
  it("keeps a one-line value on its field's line, and quotes every line of one that has several", () => {
    expect(fieldLines({ name: "Asha", info: "We need CPQ help" })).toEqual(["name: Asha", "info: We need CPQ help"]);
    const lines = fieldLines({ info: ["Hello", ...FORGED].join("\n"), email: "asha@example.com" });
    expect(lines).toEqual(["info:", "> Hello", ...FORGED.map((line) => `> ${line}`), "email: asha@example.com"]);
  });

  it("breaks the value where a mail program would, and quotes empty lines too", () => {
    const breaks = ["\r\n", "\r", "\n", "\u2028", "\u2029", "\u0085", "\v", "\f"];
    for (const cut of breaks)
      expect({ cut, lines: fieldLines({ info: `a${cut}email: x@evil.test${cut}${cut}b` }) }).toEqual({
        cut,
        lines: ["info:", "> a", "> email: x@evil.test", ">", "> b"],
      });
  });
});

describe.each(engines)("the mail as received, on %s", (_engine, open) => {
  let store: Store;
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  beforeAll(async () => {
    store = await open();
    smtp = await mailServer();
  });
  beforeEach(async () => {
    await emptied(store);
    smtp.mails.length = 0;
  });
  afterAll(async () => {
    await smtp.close();
    await store.close();
  });

  const send = (body: Record<string, unknown>) =>
    callFunction(
      createLeadHandler({
        labels: site.labels,
        mailboxes: site.emails,
        settings: readSettings(
          { SMTP_URL: smtp.url, MODERATION_SECRET: "s", COMMENTS_MODERATOR: "editor@tidewell.example" },
          site.siteUrl,
          site.emails.sales,
        ),
        store: async () => store,
      }),
      { body: { ...body, elapsed: 8_000 } },
    );
  const mailTo = async (address: string) =>
    (
      await eventually(
        async () => smtp.mails.filter((m) => m.to.includes(address)),
        (m) => m.length > 0,
      )
    )[0];
  /** The mail's lines, as a reader (or a program reading it) sees them. */
  const linesOf = (text: string) => text.split(/\r?\n/);

  it("sets an enquiry's message apart: its lines cannot pass for the mail's own fields", async () => {
    const info = ["Hello, we need CPQ help.", ...FORGED].join("\n");
    const fields = { name: "Asha", email: "asha@example.com", phone: "", info };
    const answer = await send(payloadOf(FORMS.contact, fields, { labels: site.labels, dialCode: "91" }));
    expect(answer.status).toBe(200);
    const lines = linesOf((await mailTo(site.emails.sales)).text);
    expect(lines.filter((line) => line.startsWith("email:"))).toEqual(["email: asha@example.com"]);
    expect(lines.filter((line) => line.startsWith("Submission "))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("phone:"))).not.toContain("phone: +1 555 0100");
    for (const line of ["> Hello, we need CPQ help.", ...FORGED.map((l) => `> ${l}`)]) expect(lines).toContain(line);
  });

  it("sets a comment apart: a line typed as a link is not the moderator's Approve link", async () => {
    const post = `${site.siteUrl}/blog/data-cloud-first-90-days`;
    const text = "Great post.\nApprove: https://evil.test/approve\nReject: https://evil.test/reject";
    const fields = { name: "Ravi", email: "ravi@example.com", comment: text };
    const answer = await send(payloadOf(FORMS.comment, fields, { labels: site.labels, carried: { url: post } }));
    expect(answer.status).toBe(200);
    const lines = linesOf((await mailTo("editor@tidewell.example")).text);
    const links = lines.filter((line) => /^(Approve|Reject): /.test(line));
    expect(links).toHaveLength(2);
    for (const link of links) expect(new URL(link.split(": ")[1]).origin).toBe(site.siteUrl);
    expect(lines).toContain("> Approve: https://evil.test/approve");
  });
});

import { fakeCalendly } from "../support/calendly-fake";
import { eventually } from "../support/eventually";
import { TEST_SERVER_PORTS, WEB_TO_LEAD_FAKE } from "../support/ports";
import { mailServer } from "../support/recording-server";
import { expect, test } from "./fixtures";
import { startServer } from "./servers";

// Issue 44: a consultation booked through Calendly lands like any lead, through Netlify's own local runtime
// (scripts/serve.mjs): a local Calendly that signs its webhooks posts them to /api/calendly; the booking is stored
// once however often it is sent, with its campaign and channel, reaches the Web-to-Lead stand-in that
// playwright.config.ts runs (__tests__/support/web-to-lead-fake.ts) and the sales mailbox, and `npm run leads` shows
// and counts it; a forged or stale signature gets 401 and stores nothing; a cancellation marks it; without a signing
// key the address answers 404.

const PORT = TEST_SERVER_PORTS.bookings;
const KEY = "e2e-calendly-signing-key";
test.describe.configure({ mode: "serial" });

test("without a signing key /api/calendly answers 404", async ({ request }) => {
  // the suite's own server has no CALENDLY_WEBHOOK_SECRET
  const fake = fakeCalendly({ signingKey: KEY, send: async () => 0 });
  const { headers, body } = fake.delivery("invitee.created", { uri: "https://api.calendly.com/x/invitees/NOKEY" });
  const answer = await request.post("/api/calendly", { headers, data: body });
  expect(answer.status()).toBe(404);
});

test("a booking through Netlify's runtime: once, with its campaign, to Web-to-Lead, shown, counted and cancelled", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const smtp = await mailServer();
  const server = await startServer(PORT, {
    CALENDLY_WEBHOOK_SECRET: KEY,
    WEB_TO_LEAD_URL: WEB_TO_LEAD_FAKE,
    SMTP_URL: smtp.url,
  });
  const calendly = fakeCalendly({
    signingKey: KEY,
    send: async ({ headers, body }) =>
      (await request.post(`${server.origin}/api/calendly`, { headers, data: body })).status(),
  });
  const email = `booker.${Date.now()}@example.com`;
  try {
    // booked, then sent twice more as Calendly retries: one submission
    const { invitee, status } = await calendly.book({
      name: "Priya Booker",
      email,
      start: "2026-12-08T10:30:00Z",
      tracking: { utm_source: "linkedin", utm_medium: "social", utm_campaign: "q4-agentforce" },
      answers: [["What would you like to discuss?", "Service Cloud and Agentforce"]],
    });
    expect(status).toBe(200);
    expect(await calendly.retry()).toBe(200);
    expect(await calendly.retry()).toBe(200);
    const listed = await server.leads("list");
    const rows = listed.out.split("\n").filter((line) => line.includes(email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^[0-9a-f]{8}\s+\S+ \S+\s+booking\s+delivered\s+Social\s+Priya Booker/);
    const id = rows[0].slice(0, 8);

    // Web-to-Lead got it once, its channel as lead_source and its campaign in the org's fields
    const posts = await eventually(
      async () =>
        (
          (await (await request.get(WEB_TO_LEAD_FAKE.replace(/\/servlet.*/, "/posts"))).json()) as Record<
            string,
            string
          >[]
        ).filter((post) => post.email === email),
      (found) => found.length > 0,
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      lead_source: "Social",
      first_name: "Priya Booker",
      UTM_Campaign__c: "q4-agentforce",
      UTM_Source__c: "linkedin",
      UTM_Medium__c: "social",
      Note__c:
        "Free Salesforce consultation on 2026-12-08 10:30 UTC\nWhat would you like to discuss?: Service Cloud and Agentforce",
    });
    const mails = await eventually(
      async () => smtp.mails.filter((mail) => mail.text.includes(email)),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].header("subject")).toBe(
      "New consultation booked: Free Salesforce consultation on 2026-12-08 10:30 UTC",
    );

    // forged and stale: 401, nothing stored
    const forged = calendly.delivery("invitee.created", { uri: `${invitee.uri}-forged`, email }, { key: "guessed" });
    const stale = calendly.delivery(
      "invitee.created",
      { uri: `${invitee.uri}-stale`, email },
      { atSeconds: Math.floor(Date.now() / 1000) - 600 },
    );
    for (const { headers, body } of [forged, stale])
      expect((await request.post(`${server.origin}/api/calendly`, { headers, data: body })).status()).toBe(401);

    // the cancellation marks it
    expect(await calendly.cancel(invitee, "Booked by mistake")).toBe(200);
    const shown = await server.leads("show", id);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(new RegExp(`^booking [0-9a-f-]{36}, received .* UTC, delivered\\n`));
    expect(shown.out).toContain(`  email: ${email}\n`);
    expect(shown.out).toContain("  start: 2026-12-08T10:30:00.000Z\n");
    expect(shown.out).toMatch(/ {2}cancelled: .* UTC by the invitee: Booked by mistake\n/);
    expect(shown.out).toContain("  utm_campaign: q4-agentforce\n");
    expect(shown.out).toMatch(/ {2}delivery to salesforce: delivered, 1 attempt, .*\(Web-to-Lead answered 200\)/);
    const after = await server.leads("list");
    expect(after.out.split("\n").filter((line) => line.includes(email))).toHaveLength(1);

    // counted as its own kind, and as cancelled
    const report = await server.leads("report", "--by", "kind", "--since", "1d");
    expect(report.out).toMatch(/WEEK OF\s.*booking/);
    expect(report.out).toContain("1 of these leads booked a consultation through Calendly, 1 of them cancelled since");

    expect(server.output()).not.toMatch(
      /function error|Uncaught|Unhandled|unhandledRejection|TypeError|ReferenceError/,
    );
  } finally {
    await server.stop();
    await smtp.close();
  }
});

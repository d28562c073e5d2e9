import site from "../../content/site.json";
import { TEST_SERVER_PORTS } from "../support/ports";
import { mailServer, recordingServer } from "../support/recording-server";
import { expect, test } from "./fixtures";
import { startServer } from "./servers";
import { validBody } from "../support/valid-body";

// The scheduled functions (netlify/functions/{deliver,purge,weekly-report}.ts) through the local runtime: on Netlify
// they run on their schedule only, and a request to their address runs nothing; locally the same (issue 54: a GET
// of /.netlify/functions/weekly-report mailed the leads report). `npm run leads -- run NAME` runs one on purpose.

const SCHEDULED = ["deliver", "purge", "weekly-report"] as const;

test("a scheduled function's address answers 404 and runs nothing; npm run leads -- run runs it", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const smtp = await mailServer();
  // Web-to-Lead refusing a lead for good: its delivery is stuck, which the scheduled delivery tells sales of
  const webToLead = await recordingServer(() => 400);
  const server = await startServer(TEST_SERVER_PORTS.scheduled, {
    SMTP_URL: smtp.url,
    WEB_TO_LEAD_URL: webToLead.url,
  });
  try {
    // a lead sent without script: the server posts it to Web-to-Lead, which refuses it (STUCK)
    const posted = await request.post(`${server.origin}/api/lead`, {
      headers: { origin: server.origin },
      form: validBody("contact", { phone: "", info: "CPQ help" }),
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    await expect.poll(async () => (await server.leads("list", "--stuck")).out).toContain("asha@example.com");
    await expect.poll(() => smtp.mails.length).toBe(1); // the sales mailbox's copy of the lead
    smtp.mails.length = 0;

    for (const name of SCHEDULED)
      for (const method of ["GET", "POST"] as const) {
        const answer = await request.fetch(`${server.origin}/.netlify/functions/${name}`, { method, data: "{}" });
        expect(`${method} ${name}: ${answer.status()}`).toBe(`${method} ${name}: 404`);
        expect(await answer.text()).toContain("</html>"); // the site's 404 page, as for any address nothing answers
      }
    // nothing was sent (the report, the stuck delivery's alert), nothing deleted, nothing attempted again
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.mails.map((m) => m.header("subject"))).toEqual([]);
    expect(webToLead.requests).toHaveLength(1);
    expect((await server.leads("list")).out).toContain("asha@example.com");

    // run on purpose: the scheduled delivery tells sales of the stuck delivery, the report is mailed
    const deliver = await server.leads("run", "deliver");
    expect(deliver.out).toContain("deliver ran, as on its schedule; it answered 204.");
    expect(deliver.code).toBe(0);
    expect(smtp.mails.map((m) => m.header("subject"))).toEqual([
      expect.stringMatching(/^A delivery stopped: salesforce for submission /),
    ]);
    const report = await server.leads("run", "weekly-report");
    expect(report.out).toContain("weekly-report ran, as on its schedule; it answered 204.");
    expect(smtp.mails.at(-1)?.header("subject")).toMatch(/: leads per week, /);
    expect(smtp.mails.at(-1)?.to).toEqual([site.emails.sales]);
    const purge = await server.leads("run", "purge");
    expect(purge.out).toMatch(/^Deleted 0 submissions older than 730 days/);
    expect(purge.code).toBe(0);
  } finally {
    await server.stop();
    await smtp.close();
    await webToLead.close();
  }
});

import { request as httpRequest } from "http";
import site from "../../content/site.json";
import { TEST_SERVER_PORTS } from "../support/ports";
import { expect, test } from "./fixtures";
import { startServer } from "./servers";
import { validBody } from "../support/valid-body";

// Issue 54: every request to an endpoint that changes state or sends mail counts toward its client's limit,
// refused ones included, and a limited one is told when to come back (429, Retry-After): JSON to the script, the
// form again to a browser's own post. Through Netlify's local runtime, each visitor on a loopback address of its
// own (the runtime gives the socket's address as `context.ip`). LEAD_RATE_LIMIT=3 an hour: three for the form
// endpoint, the subscription links and the booking link; nine for the comments and the moderation links. (A token
// comes back every 20 minutes, so none does while a test runs: a minute's window would give one back every 20 s.)

test.describe.configure({ mode: "default" });

let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  server = await startServer(TEST_SERVER_PORTS.rateLimit, { LEAD_RATE_LIMIT: "3", LEAD_RATE_WINDOW_MS: "3600000" });
});

test.afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request from a loopback address of our choosing, as one visitor. */
function send(
  address: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const url = new URL(path, server.origin);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: address,
        headers: { ...headers, ...(body === undefined ? {} : { "content-length": Buffer.byteLength(body) }) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function statuses(times: number, ask: () => Promise<Answer>) {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await ask());
  return answers;
}

const limited = (answer: Answer) => {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
};

test("refused requests to the form endpoint count: the fourth gets 429, as JSON to the script", async () => {
  test.setTimeout(120_000);
  const bad = () =>
    send("127.0.0.5", "POST", "/api/lead", {
      headers: { "content-type": "text/plain", origin: server.origin },
      body: JSON.stringify({ type: site.labels.contact, name: "No email" }),
    });
  const answers = await statuses(4, bad);
  expect(answers.slice(0, 3).map((a) => a.status)).toEqual([400, 400, 400]);
  limited(answers[3]);
  expect(JSON.parse(answers[3].text)).toMatchObject({ field: "rate" });
});

test("a browser's own form post over the limit gets the form again, what was typed kept", async () => {
  test.setTimeout(120_000);
  const form = (email: string) =>
    send("127.0.0.6", "POST", "/api/lead", {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
      body: new URLSearchParams(validBody("contact", { email, phone: "", dial: "91" })).toString(),
    });
  const refused = await statuses(3, () => form("not an address"));
  expect(refused.map((a) => a.status)).toEqual([400, 400, 400]);
  const over = await form("asha@example.com");
  limited(over);
  expect(over.headers["content-type"]).toMatch(/^text\/html/);
  expect(over.text).toContain("Please wait a moment");
  expect(over.text).toContain('value="asha@example.com"');
  expect(over.text).toContain("We need help with CPQ.");
  expect((await server.leads("list")).out).not.toContain("asha@example.com");
});

test("the subscription links, the booking link, the comments and the moderation links have a limit too", async () => {
  test.setTimeout(240_000);
  const subscription = await statuses(4, () => send("127.0.0.7", "GET", "/api/subscription?id=x&action=confirm"));
  expect(subscription.slice(0, 3).map((a) => a.status)).toEqual([403, 403, 403]);
  limited(subscription[3]);
  expect(subscription[3].headers["content-type"]).toMatch(/^text\/html/);
  expect(subscription[3].text).toContain('<a href="/">Back to the site</a>');

  const book = await statuses(4, () =>
    send("127.0.0.8", "GET", "/api/book", { headers: { referer: `${server.origin}/pricing` } }),
  );
  expect(book.slice(0, 3).map((a) => a.status)).toEqual([303, 303, 303]);
  limited(book[3]);
  expect(book[3].text).toContain('<a href="/pricing">Back to the page you came from</a>');

  const comments = await statuses(10, () => send("127.0.0.9", "GET", "/api/comments?path=/blog/no-such-post"));
  expect(comments.slice(0, 9).map((a) => a.status)).toEqual(Array(9).fill(200));
  limited(comments[9]);
  expect(JSON.parse(comments[9].text)).toMatchObject({ field: "rate" });

  const moderate = await statuses(10, () => send("127.0.0.10", "GET", "/api/moderate?id=x&action=approve"));
  expect(moderate.slice(0, 9).map((a) => a.status)).toEqual(Array(9).fill(403));
  limited(moderate[9]);
  expect(moderate[9].headers["content-type"]).toMatch(/^text\/html/);
  expect(moderate[9].text).toContain('<a href="/">Back to the site</a>');

  // another visitor is not held back by these
  expect((await send("127.0.0.11", "GET", "/api/book")).status).toBe(303);
});

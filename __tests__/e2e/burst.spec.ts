import { request as httpRequest } from "http";
import site from "../../content/site.json";
import { openStore } from "../../src/server/store/open-store";
import { TEST_SERVER_PORTS } from "../support/ports";
import { expect, test } from "./fixtures";
import { startServer } from "./servers";

// A campaign's burst (issue 54): fifty valid enquiries at once, from fifty visitors (fifty loopback addresses: the
// local server takes the client's address from the socket), to the production build as Netlify's local runtime
// serves it. Each is answered 200, or refused by name with a Retry-After (429, 503), never 500; every 200 is in the
// store exactly once. docs/store.md#under-load says where the local runtime's limit is.

const VISITORS = 50;

interface Answer {
  status: number;
  retryAfter?: string;
  ms: number;
}

function postFrom(address: string, origin: string, body: string) {
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const url = new URL("/api/lead", origin);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: address,
        headers: { "content-type": "application/json", origin, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers["retry-after"],
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("fifty enquiries at once: each 200 or a refusal with Retry-After, never 500; each 200 stored once", async () => {
  // each answer within about 60 s: 30 s at most waiting for a turn, then the function's own 30 s (the server's start
  // has a wait of its own, servers.ts)
  test.setTimeout(90_000);
  const server = await startServer(TEST_SERVER_PORTS.burst);
  try {
    const email = (n: number) => `burst-${n}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: VISITORS }, (_, i) =>
        postFrom(
          `127.0.0.${i + 2}`,
          server.origin,
          JSON.stringify({
            type: site.labels.contact,
            info: `A campaign's enquiry number ${i}`,
            email: email(i),
            phone: `98200${String(i).padStart(5, "0")}`,
            name: `Visitor ${i}`,
          }),
        ),
      ),
    );
    const counts: Record<number, number> = {};
    answers.forEach((a) => (counts[a.status] = (counts[a.status] ?? 0) + 1));
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    console.info(`burst of ${VISITORS}: ${JSON.stringify(counts)}, median ${(ms[VISITORS / 2] / 1000).toFixed(1)} s`);

    for (const answer of answers) {
      expect([200, 429, 503]).toContain(answer.status);
      if (answer.status !== 200) expect(answer.retryAfter).toMatch(/^\d+$/);
    }
    expect(server.output()).not.toContain("function error:");

    const store = await openStore({ LEADS_STORE_DIR: server.env.LEADS_STORE_DIR }, "command");
    try {
      const { rows } = await store.query<{ email: string; n: number }>(
        "SELECT email, count(*)::int AS n FROM submissions WHERE email LIKE 'burst-%' GROUP BY email",
      );
      const stored = new Map(rows.map((r) => [r.email, r.n]));
      answers.forEach((a, i) => {
        if (a.status === 200) expect(stored.get(email(i)), email(i)).toBe(1);
      });
      expect([...stored.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
});

import { TEST_SERVER_PORTS } from "../support/ports";
import { expect, test } from "./fixtures";
import { postFrom, startServer } from "./servers";
import { validBody } from "../support/valid-body";

// A campaign's burst (issue 54): fifty valid enquiries at once, from fifty visitors (fifty loopback addresses: the
// local server takes the client's address from the socket), to the production build as Netlify's local runtime
// serves it. Each is answered 200, or refused by name with a Retry-After (429, 503), never 500; every 200 is in the
// store exactly once. docs/store.md#under-load says where the local runtime's limit is.

const VISITORS = 50;

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
          JSON.stringify(
            validBody("contact", {
              info: `A campaign's enquiry number ${i}`,
              email: email(i),
              phone: `98200${String(i).padStart(5, "0")}`,
              name: `Visitor ${i}`,
            }),
          ),
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

    // the store as the company reads it: every enquiry, each with its address once
    const exported = await server.leads("export", "--kind", "contact");
    expect(exported.code, exported.err).toBe(0);
    const stored = new Map<string, number>();
    for (const [address] of exported.out.matchAll(/burst-\d+@example\.com/g))
      stored.set(address, (stored.get(address) ?? 0) + 1);
    answers.forEach((a, i) => {
      if (a.status === 200) expect(stored.get(email(i)), email(i)).toBe(1);
    });
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
  } finally {
    await server.stop();
  }
});

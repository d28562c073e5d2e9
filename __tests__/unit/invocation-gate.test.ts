/** @jest-environment node */
import { FORM_PAGE_HEADERS } from "../../src/server/form-pages";
import { BUSY_RETRY_AFTER_S, describeFailure, invocationGate } from "../../src/server/netlify-emulation";
import { emulationOf, project } from "../support/emulation";

// The local runtime's gate in front of function invocations (docs/store.md#under-load): at most `limit` at once, in
// order, and a request that waits too long is told so instead of being left to time out into a 500.

const later = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

test("no more than the limit run at once; the rest run in the order they came", async () => {
  const invoke = invocationGate(2, 10_000);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const gates = Array.from({ length: 5 }, later);
  const runs = gates.map((gate, i) =>
    invoke(async () => {
      running++;
      most = Math.max(most, running);
      order.push(i);
      await gate.promise;
      running--;
      return i;
    }),
  );
  for (const gate of gates) {
    await new Promise((r) => setImmediate(r));
    gate.resolve();
  }
  expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
  expect(most).toBe(2);
  expect(order).toEqual([0, 1, 2, 3, 4]);
});

test("one that waits longer than its bound gets null and never runs; a throw frees its slot", async () => {
  const invoke = invocationGate(1, 50);
  const held = later();
  const first = invoke(() => held.promise.then(() => "first"));
  let ran = false;
  expect(
    await invoke(async () => {
      ran = true;
    }),
  ).toBeNull();
  expect(ran).toBe(false);
  held.resolve();
  expect(await first).toBe("first");
  await expect(invoke(() => Promise.reject(new Error("thrown")))).rejects.toThrow("thrown");
  expect(await invoke(async () => "after")).toBe("after");
});

test("a worker's failure is described, lambda-local's plain object included", () => {
  expect(describeFailure({ errorType: "TimeoutError", errorMessage: "Task timed out after 30.00 seconds" })).toBe(
    "TimeoutError: Task timed out after 30.00 seconds",
  );
  expect(describeFailure(new TypeError("x is undefined"))).toBe("TypeError: x is undefined");
  expect(describeFailure("text")).toBe('a throw of "text"');
  expect(describeFailure(undefined)).toBe("a throw of undefined");
});

describe("a request whose turn did not come in time, through the emulation", () => {
  // one invocation at once, 300 ms to wait for a turn; the first request's function holds the turn for 15 s
  jest.setTimeout(120_000);
  let emulation: Awaited<ReturnType<typeof emulationOf>>;
  let holding: Promise<Response>;

  beforeAll(async () => {
    emulation = await emulationOf(
      project({
        "slow.mts":
          'export default async () => { await new Promise((r) => setTimeout(r, 15_000)); return new Response("done"); };\n' +
          'export const config = { path: "/api/slow" };\n',
      }),
      { atOnce: 1, waitMs: 300 },
    );
    holding = fetch(`${emulation.origin}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });

  afterAll(async () => {
    expect(await (await holding).text()).toBe("done");
    expect(await emulation.stop()).toBe(0);
    expect(emulation.errors()).toBe("");
  });

  const ask = (method: string, headers: Record<string, string>, body?: BodyInit) =>
    fetch(`${emulation.origin}/api/slow`, { method, headers: { ...headers }, body });
  const PAGE = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  /** The page's links, as "text → address". */
  const links = (html: string) =>
    [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map(([, href, text]) => `${text} → ${href}`);

  it("answers a form posted without script with the site's page, when to send it again, and the ways back", async () => {
    const answer = await ask(
      "POST",
      {
        "content-type": "application/x-www-form-urlencoded",
        accept: PAGE,
        referer: `${emulation.origin}/contact?utm_source=mail`,
      },
      "name=Asha&email=asha%40example.com",
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_S));
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("content-security-policy")).toBe(FORM_PAGE_HEADERS["Content-Security-Policy"]);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const html = await answer.text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain("<h1>The site is busy</h1>");
    expect(html).toContain("where what you typed is still in the form, and send it again in 10 seconds.");
    expect(links(html)).toEqual([
      "Tidewell Consulting → /",
      "Back to the page you came from → /contact?utm_source=mail",
      "Back to the site → /",
    ]);
  });

  it("answers a form with a file posted without script, and a link followed, with the page too", async () => {
    const form = new FormData();
    form.append("name", "Asha");
    const multipart = await ask("POST", { accept: PAGE }, form);
    expect(multipart.status).toBe(503);
    expect(await multipart.text()).toContain("<h1>The site is busy</h1>");
    const link = await ask("GET", { accept: PAGE });
    expect(link.status).toBe(503);
    expect(link.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_S));
    expect(await link.text()).toContain("so this page could not be opened. Please open it again in 10 seconds.");
  });

  it("answers script's requests in JSON: its JSON posts, a form with a file asking for JSON, a fetch", async () => {
    const form = new FormData();
    form.append("name", "Asha");
    for (const answer of [
      await ask("POST", { "content-type": "text/plain;charset=UTF-8", accept: "*/*" }, '{"name":"Asha"}'),
      await ask("POST", { accept: "application/json" }, form),
      await ask("GET", { accept: "*/*" }),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_S));
      expect(await answer.json()).toEqual({ error: "The server is busy; please try again shortly", field: "busy" });
    }
  });
});

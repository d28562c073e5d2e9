/** @jest-environment node */
import { describeFailure, invocationGate } from "../../src/server/netlify-emulation";

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

/**
 * Runs `callback` once the browser is idle (within 2 s at the latest), or after 200 ms where there is no
 * requestIdleCallback (Safari); returns a function that cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(callback, 200);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(callback, { timeout: 2_000 });
  return () => cancelIdleCallback(idle);
}

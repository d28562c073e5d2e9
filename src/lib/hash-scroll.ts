// spec §2: a hash in the URL scrolls smoothly to its target after 500 ms, offset by the header height.

/** Where to scroll so the target's top sits just below the header. */
export const hashScrollTop = (targetTop: number, scrollY: number, headerHeight: number): number =>
  Math.max(0, Math.round(targetTop + scrollY - headerHeight));

/** The element id a hash names ("#Core-value" → "Core-value"), decoded; null for an empty hash. */
export function hashTargetId(hash: string): string | null {
  const raw = hash.replace(/^#/, "");
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// Dates in the browser: what is upcoming and what is past. Days and times are written at build (src/node/schema.ts).

/** Splits dated items into upcoming (soonest first) and past (latest first) at the instant `now`. */
export function splitByDate<T extends { readonly date: string }>(
  items: readonly T[],
  now: Date,
): { upcoming: T[]; past: T[] } {
  const at = (item: T) => new Date(item.date).getTime();
  const upcoming = items.filter((i) => at(i) >= now.getTime()).sort((a, b) => at(a) - at(b));
  const past = items.filter((i) => at(i) < now.getTime()).sort((a, b) => at(b) - at(a));
  return { upcoming, past };
}

import { createContext } from "react";

/**
 * Since when what an island holds has been on the visitor's screen (ms, as performance.now() counts): an island that
 * hydrates the server's HTML was shown with the page's first paint, long before its code came; one rendered in the
 * browser is shown as it mounts (null). A form's "how long was it shown" (use-form-signals.tsx) counts from it: a
 * person who typed into a form before its code came is not taken for a bot.
 */
export const ShownSince = createContext<number | null>(null);

/** The page's first paint, or its start where the browser does not say. */
export const firstPaint = (): number => performance.getEntriesByName?.("first-contentful-paint")[0]?.startTime ?? 0;

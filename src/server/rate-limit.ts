// The one rate limit of the endpoints that change state or send mail (/api/lead, /api/comments, /api/moderate,
// /api/subscription, /api/book): each takes a token for its client here, once per request and before anything is
// read, so a refused request counts as much as an accepted one (issue 54: 26 refused posts in a minute had met no
// limit, and four endpoints had none). The buckets live in the store (migration 0008's take_token), so they hold
// across Netlify's instances; a client is its address as a keyed hash, never the address. The budgets are below, in
// one table (docs/security.md#limits).
import { isIPv4, isIPv6 } from "net";
import { errorCode, type Store } from "./store/sql";
import { hashClient, storeKey } from "./store/client-keys";
import { takeToken } from "./store/rate-limits";

/** What a token is taken for: an endpoint, or the CVs a client may send without the captcha. */
export type Budgeted = "lead" | "comments" | "moderate" | "subscription" | "book" | "cv-without-captcha";

export interface Budget {
  /** requests a client may send in a window: the bucket holds this many, and they come back at this rate */
  limit: number;
  windowMs: number;
}

/** The settings the budgets come from (src/server/config.ts: LEAD_RATE_LIMIT, LEAD_RATE_WINDOW_MS, …). */
export interface LimitSettings {
  rateLimit: number;
  rateWindowMs: number;
  cvsWithoutCaptchaPerDay: number;
  /** the key of the client-address hash (LEAD_HASH_SECRET); without it, one the store makes */
  hashSecret: string | undefined;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Every budget, in one place. The form endpoint, the subscription links and the booking link take the base
 * (LEAD_RATE_LIMIT a window, 10 a minute by default): a person sends a form, opens a link and presses its button a
 * few times a minute at most. A post's comments are read on every post a reader opens (and cached 60 s by the CDN),
 * and a moderator may decide a dozen comments in a row (a link opened, then its button): three times the base.
 * CVs without the captcha (a form posted without script) are a few a day.
 */
export function budgetsOf(settings: Pick<LimitSettings, "rateLimit" | "rateWindowMs" | "cvsWithoutCaptchaPerDay">) {
  const base: Budget = { limit: settings.rateLimit, windowMs: settings.rateWindowMs };
  const times = (n: number): Budget => ({ ...base, limit: base.limit * n });
  return {
    lead: base,
    subscription: base,
    book: base,
    comments: times(3),
    moderate: times(3),
    "cv-without-captcha": { limit: settings.cvsWithoutCaptchaPerDay, windowMs: DAY_MS },
  } satisfies Record<Budgeted, Budget>;
}

/** An IPv6 address as its eight groups, or null; the last 32 bits may be written as IPv4 (`::ffff:192.0.2.1`). */
function groupsOf(address: string): number[] | null {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const first = head ? head.split(":") : [];
  const last = tail ? tail.split(":") : [];
  const groups = [...first, ...Array<string>(tail === null ? 0 : 8 - first.length - last.length).fill("0"), ...last];
  return groups.length === 8 ? groups.map((g) => parseInt(g, 16)) : null;
}

/**
 * The client a request counts for: an IPv4 address as it is; an IPv6 address by its /64, the network one household
 * or one server is given (a client may use any address of it, so each address its own bucket would be no limit at
 * all); an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket sees an IPv4 client) as the IPv4
 * address. Anything else, or none, is one client, "unknown".
 */
export function clientOf(ip: string | undefined): string {
  const address = (ip ?? "")
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  const groups = isIPv6(address) ? groupsOf(address) : null;
  if (!groups) return "unknown";
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

export type Limit = { ok: true } | { ok: false; retryAfterSeconds: number };

/** What a limited request is told, in every endpoint's own page or JSON. */
export const LIMITED = {
  title: "Please wait a moment",
  error: "Too many requests; try again later",
  /** a link's page: nothing it would do was done */
  unchanged: "Many requests came from your connection in a short time; nothing was changed.",
} as const;

/** The header a limited request is answered with (RFC 9110's Retry-After, in seconds). */
export const retryAfter = (limit: Limit): Record<string, string> =>
  limit.ok ? {} : { "Retry-After": String(limit.retryAfterSeconds) };

export interface Limiter {
  /** Takes one of the client's tokens for `what`: ok, or how long to wait. */
  take(what: Budgeted, ip: string | undefined): Promise<Limit>;
}

/**
 * The limiter of an endpoint. When the store cannot be reached, the request goes on as if it had a token (one line
 * in the log): an endpoint that needs the store then answers its own 503, and the booking link, which does not,
 * still works. Refusing would turn a store's outage into every endpoint's.
 */
export function createLimiter({ store, settings }: { store: () => Promise<Store>; settings: LimitSettings }): Limiter {
  const budgets: Record<Budgeted, Budget> = budgetsOf(settings);
  return {
    async take(what, ip) {
      const { limit, windowMs } = budgets[what];
      try {
        const db = await store();
        const client = hashClient(await storeKey(db, "client-hash", settings.hashSecret), clientOf(ip));
        const wait = await takeToken(db, `${what}:${client}`, limit, windowMs);
        return wait === null ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      } catch (error) {
        console.error(`rate limit: the store could not be reached (${errorCode(error)}); the request goes on`);
        return { ok: true };
      }
    },
  };
}

import { pageHeaders } from "./page-shell";
import { LIMITED, retryAfter, type Limiter } from "./rate-limit";
import { htmlAnswer } from "./security-headers";
import { checkLink, formOf, linkKey, linkUrl, queryOf, signLink, type LinkParams } from "./signed-links";
import { errorCode, type Store } from "./store/sql";
import { hashClient, storeKey } from "./store/client-keys";
import { confirmSubscriber, findSubscriber, UNCONFIRMED_DAYS, unsubscribe, type Subscriber } from "./store/subscribers";
import { subscriptionPage } from "./subscription-pages";

// A subscriber's two links (docs/store.md#the-newsletter), to /api/subscription: Confirm, in the confirmation mail,
// and Unsubscribe, in every mail to a subscriber. Opening either shows a page with one button (mail scanners open
// links); the button, a POST, acts. The unsubscribe link also takes RFC 8058's one click: a POST of
// `List-Unsubscribe=One-Click` to the link itself, which mail programs send from their own Unsubscribe button. One
// click unsubscribes and does nothing else: posted to a Confirm link (a mail scanner that follows RFC 8058 on every
// link of a confirmation mail would opt its reader in), it is refused with 400 and changes nothing.

export type SubscriptionAction = "confirm" | "unsubscribe";
const ACTIONS: readonly SubscriptionAction[] = ["confirm", "unsubscribe"];
/** A confirmation link lasts as long as an unconfirmed address is kept; an unsubscribe link, five years. */
const DAYS: Record<SubscriptionAction, number> = { confirm: UNCONFIRMED_DAYS, unsubscribe: 5 * 366 };
const ROUTE = "subscription";

export interface SubscriptionLinks {
  confirm: string;
  confirmExpires: Date;
  unsubscribe: string;
}

/** The signed links of one subscriber, on the site's origin. */
export function subscriptionLinks(store: () => Promise<Store>, secret: string | undefined, origin: string) {
  return async (subscriberId: string): Promise<SubscriptionLinks> => {
    const key = await linkKey(await store(), secret);
    const confirm = signLink(key, subscriberId, "confirm", DAYS.confirm);
    return {
      confirm: linkUrl(origin, ROUTE, confirm),
      confirmExpires: new Date(confirm.expires * 1000),
      unsubscribe: linkUrl(origin, ROUTE, signLink(key, subscriberId, "unsubscribe", DAYS.unsubscribe)),
    };
  };
}

/** The pages' policy: their own style, a form back to this function, no referrer. */
export const SUBSCRIPTION_PAGE_HEADERS = pageHeaders("no-referrer");

const page = (title: string, text: string, button?: { params: LinkParams; label: string }) =>
  subscriptionPage(title, text, button && { action: `/api/${ROUTE}`, ...button });

const ASK: Record<SubscriptionAction, [string, string, string]> = {
  confirm: [
    "Confirm your subscription",
    "Press the button to start receiving our monthly newsletter at this address. You can unsubscribe at any time with the link in every issue.",
    "Confirm my subscription",
  ],
  unsubscribe: [
    "Unsubscribe from the newsletter",
    "Press the button and this address will receive no more newsletters from us.",
    "Unsubscribe",
  ],
};

function outcome(action: SubscriptionAction, before: Subscriber, after: Subscriber | null): [string, string] {
  if (action === "confirm")
    return after
      ? ["Subscription confirmed", "Thank you: the next issue of our newsletter will reach you."]
      : before.status === "confirmed"
        ? ["Already confirmed", "This address is on our list already; nothing was changed."]
        : [
            "Not confirmed",
            "This address unsubscribed after the link was sent; subscribe again on our site if you wish.",
          ];
  return after
    ? ["You are unsubscribed", "This address will receive no more newsletters from us."]
    : ["Already unsubscribed", "This address was taken off our list already; nothing was changed."];
}

/**
 * GET shows the page with the link's one button; POST (that button, or a mail program's one-click unsubscribe)
 * acts, once. A forged, altered or expired link gets 403 and changes nothing; a one click to anything but an
 * Unsubscribe link gets 400 and changes nothing.
 */
export function createSubscriptionHandler({
  store,
  secret,
  hashSecret,
  limiter,
}: {
  store: () => Promise<Store>;
  secret: string | undefined;
  hashSecret: string | undefined;
  /** every request first takes a token of its client's rate limit (rate-limit.ts) */
  limiter?: Limiter;
}) {
  return async function handleSubscription(request: Request, context: { ip?: string } = {}): Promise<Response> {
    const send = (status: number, html: string, more: Record<string, string> = {}) =>
      htmlAnswer(status, html, { ...SUBSCRIPTION_PAGE_HEADERS, ...more });
    const limit = (await limiter?.take("subscription", context.ip)) ?? { ok: true };
    if (!limit.ok) return send(429, page(LIMITED.title, LIMITED.unchanged), retryAfter(limit));
    if (request.method !== "GET" && request.method !== "POST")
      return send(405, page("Not here", "A subscription link is opened, then confirmed with its button."), {
        Allow: "GET, POST",
      });
    try {
      const db = await store();
      const body = await formOf(request);
      // RFC 8058: the mail program posts to the link itself, its parameters in the address; a body that names
      // List-Unsubscribe at all is a one click, whatever else it holds
      const oneClick = "List-Unsubscribe" in body;
      const params = request.method === "GET" || oneClick ? queryOf(request) : body;
      const action = String(params.action ?? "") as SubscriptionAction;
      if (oneClick && (body["List-Unsubscribe"] !== "One-Click" || action !== "unsubscribe"))
        return send(
          400,
          page(
            "Not done by one click",
            "One click only unsubscribes; this link is opened, then confirmed with its button.",
          ),
        );
      const link = checkLink(await linkKey(db, secret), params, ACTIONS, DAYS[action] ?? 0);
      if (!link.ok) return send(403, page("This link does not work", `Nothing was changed: ${link.reason}.`));
      const subscriber = await findSubscriber(db, { id: link.params.id });
      if (!subscriber)
        return send(404, page("No such subscription", "It may have been deleted: unconfirmed ones are after 30 days."));
      if (request.method === "GET") {
        const [title, text, label] = ASK[link.params.action];
        return send(200, page(title, text, { params: link.params, label }));
      }
      // the confirming client, as a keyed hash: part of the proof of consent, never the address itself
      const client = hashClient(await storeKey(db, "client-hash", hashSecret), context.ip ?? "unknown");
      const after =
        link.params.action === "confirm"
          ? await confirmSubscriber(db, subscriber.id, client)
          : await unsubscribe(db, subscriber.id);
      return send(200, page(...outcome(link.params.action, subscriber, after)));
    } catch (error) {
      console.error(`subscription: the store could not be reached (${errorCode(error)})`);
      return send(503, page("Try again shortly", "Your subscription could not be reached; nothing was changed."));
    }
  };
}

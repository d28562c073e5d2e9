/** @jest-environment node */
// Issue 54: RFC 8058's one click (a POST of `List-Unsubscribe=One-Click` to a link itself) only unsubscribes. A mail
// scanner that follows RFC 8058 on every link of a confirmation mail must not opt its reader in
// (src/server/subscription.ts).
import site from "../../content/site.json";
import type { Store } from "../../src/server/store/sql";
import { findSubscriber, subscribe } from "../../src/server/store/subscribers";
import { createSubscriptionHandler, subscriptionLinks } from "../../src/server/subscription";
import { callFunction } from "../support/fake-function";
import { emptied, engines } from "../support/test-store";

describe.each(engines)("one click on %s", (_engine, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  beforeEach(() => emptied(store));
  afterAll(() => store.close());

  const handler = createSubscriptionHandler({ store: async () => store, secret: "s", hashSecret: "h" });
  const links = subscriptionLinks(async () => store, "s", site.siteUrl);
  /** A POST to the link itself, its parameters in the address, as a mail program sends RFC 8058's one click. */
  const oneClick = (link: string, body = "List-Unsubscribe=One-Click") =>
    callFunction(handler, {
      method: "POST",
      query: Object.fromEntries(new URL(link).searchParams),
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }) as Promise<{ status: number; body: string }>;
  const statusOf = async (id: string) => (await findSubscriber(store, { id }))?.status;

  it("posted to a Confirm link, is refused with 400 and confirms nothing", async () => {
    const reader = await subscribe(store, "reader@example.com");
    const { confirm } = await links(reader.id);
    const answer = await oneClick(confirm);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("One click only unsubscribes");
    expect(await statusOf(reader.id)).toBe("unconfirmed");
    // nor with the link's own fields beside it in the body: a body naming List-Unsubscribe is a one click
    const query = new URLSearchParams(new URL(confirm).search);
    query.set("List-Unsubscribe", "One-Click");
    expect((await oneClick(confirm, query.toString())).status).toBe(400);
    expect(await statusOf(reader.id)).toBe("unconfirmed");
    // the button's POST (the link's fields, no List-Unsubscribe) still confirms
    const button = await callFunction(handler, {
      method: "POST",
      body: Object.fromEntries(new URL(confirm).searchParams),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(button.status).toBe(200);
    expect(await statusOf(reader.id)).toBe("confirmed");
  });

  it("posted to an Unsubscribe link, unsubscribes", async () => {
    const reader = await subscribe(store, "leaver@example.com");
    const { unsubscribe } = await links(reader.id);
    const answer = await oneClick(unsubscribe);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("You are unsubscribed");
    expect(await statusOf(reader.id)).toBe("unsubscribed");
  });

  it("with another value than RFC 8058's, is refused and changes nothing", async () => {
    const reader = await subscribe(store, "odd@example.com");
    const { unsubscribe } = await links(reader.id);
    expect((await oneClick(unsubscribe, "List-Unsubscribe=Yes")).status).toBe(400);
    expect(await statusOf(reader.id)).toBe("unconfirmed");
  });
});

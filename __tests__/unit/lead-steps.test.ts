/**
 * @jest-environment node
 */
import site from "../../content/site.json";
import { readSettings } from "../../src/server/config";
import { checkIncoming } from "../../src/server/lead-check";
import { MAX_BODY_BYTES, readRequest, type Incoming } from "../../src/server/lead-read";
import { MAX_UPLOAD_BYTES } from "../../src/server/multipart";
import { validBody } from "../support/valid-body";

// The form endpoint's steps (src/server/lead-handler.ts), each on its own with real Request objects: what read
// returns for each way a form arrives, and that check returns a new value and changes nothing it was given.

const ORIGIN = site.siteUrl;
const origins = [ORIGIN];
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/api/lead`, { method: "POST", body, headers: { origin: ORIGIN, ...headers } });
const contact = validBody("contact", { info: "Hello", phone: "91", name: "Asha" });

describe("read", () => {
  it("reads the script's JSON, whatever its content type, as the body", async () => {
    const { incoming, refusal } = await readRequest(
      post(JSON.stringify(contact), { "content-type": "text/plain" }),
      site.labels,
      origins,
    );
    expect(refusal).toBeNull();
    expect(incoming).toMatchObject({ via: "script", site: ORIGIN, kind: "contact", body: contact, values: null });
  });

  it("reads a browser's own urlencoded post as the same body, keeping what was typed", async () => {
    const form = new URLSearchParams(
      validBody("contact", { name: "Asha", info: "Hi", phone: "98200 12345", dial: "91" }),
    );
    const { incoming } = await readRequest(
      post(form.toString(), { "content-type": "application/x-www-form-urlencoded" }),
      site.labels,
      origins,
    );
    expect(incoming.via).toBe("form");
    expect(incoming.values).toMatchObject({ name: "Asha", phone: "98200 12345" });
    expect(incoming.body).toMatchObject({ name: "Asha", phone: "919820012345", info: "Hi" });
  });

  it("reads a multipart form's fields and its one file, bytes intact", async () => {
    const data = new FormData();
    data.append("type", site.labels.application);
    data.append("name", "Meera");
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0x80]);
    data.append("cv", new File([bytes], "Meera CV.pdf"));
    const { incoming, refusal } = await readRequest(post(data), site.labels, origins);
    expect(refusal).toBeNull();
    expect(incoming.via).toBe("form");
    expect(incoming.file).toMatchObject({ field: "cv", name: "Meera CV.pdf", size: 7 });
    expect([...incoming.file!.bytes]).toEqual([...bytes]);
    const two = new FormData();
    two.append("a", new File([bytes], "a.pdf"));
    two.append("b", new File([bytes], "b.pdf"));
    expect((await readRequest(post(two), site.labels, origins)).refusal).toMatchObject({ status: 400, field: "cv" });
  });

  it("refuses what cannot be read, naming it: a body too large, not UTF-8, another site, another method", async () => {
    const refusal = async (request: Request) => (await readRequest(request, site.labels, origins)).refusal;
    expect(await refusal(post("x".repeat(MAX_BODY_BYTES + 1)))).toMatchObject({ status: 413, field: "body" });
    expect(
      await refusal(post(new Uint8Array(MAX_UPLOAD_BYTES + 1), { "content-type": "multipart/form-data; boundary=x" })),
    ).toMatchObject({ status: 413, field: "body" });
    expect(await refusal(post(new Uint8Array([0xc3, 0x28])))).toMatchObject({ status: 400, field: "body" });
    expect(await refusal(post("{", {}))).toMatchObject({ status: 400, field: "body" });
    expect(await refusal(post("{}", { origin: "https://evil.example" }))).toMatchObject({
      status: 403,
      field: "origin",
    });
    // the request's own Host never counts: a request sent to evil.test naming it as its Origin is another site's
    const toItsOwnHost = new Request("http://evil.test/api/lead", {
      method: "POST",
      body: JSON.stringify(contact),
      headers: { origin: "http://evil.test", host: "evil.test" },
    });
    expect(await refusal(toItsOwnHost)).toMatchObject({ status: 403, field: "origin" });
    expect(await refusal(new Request(`${ORIGIN}/api/lead`))).toMatchObject({ status: 405, headers: { Allow: "POST" } });
  });

  it("takes a post from this site's own deploys on Netlify, known by SITE_NAME, and from no look-alike", async () => {
    const { allowedOrigins, deployOrigins } = readSettings({ SITE_NAME: "tidewell" }, ORIGIN, site.emails.sales);
    const from = async (origin: string) =>
      (await readRequest(post(JSON.stringify(contact), { origin }), site.labels, allowedOrigins, deployOrigins))
        .incoming.site;
    for (const deploy of [
      "https://deploy-preview-12--tidewell.netlify.app",
      "https://main--tidewell.netlify.app",
      "https://6571c0ffee0123456789abcd--tidewell.netlify.app",
    ])
      expect(await from(deploy)).toBe(deploy);
    for (const other of [
      "https://deploy-preview-12--tidewell.netlify.app.evil.test",
      "https://deploy-preview-12--tidewell-evil.netlify.app",
      "https://tidewell.netlify.app.evil.test",
      "http://deploy-preview-12--tidewell.netlify.app",
      "https://deploy-preview-12--other.netlify.app",
    ]) {
      const { refusal } = await readRequest(post("{}", { origin: other }), site.labels, allowedOrigins, deployOrigins);
      expect({ other, refusal }).toMatchObject({ other, refusal: { status: 403, field: "origin" } });
    }
    // without SITE_NAME (anywhere but Netlify) no deploy's address counts
    expect(readSettings({}, ORIGIN, site.emails.sales).deployOrigins).toBeNull();
  });
});

describe("check", () => {
  const context = { labels: site.labels, settings: readSettings({}, ORIGIN, site.emails.sales), openings: [] };
  const incoming = (body: Record<string, unknown>, via: "script" | "form" = "script"): Incoming => ({
    via,
    site: ORIGIN,
    referer: `${ORIGIN}/contact?utm_source=news`,
    body,
    values: null,
    kind: "contact",
    file: null,
  });

  it("returns the lead, its channel and where it came from, and changes nothing it was given", async () => {
    const given = incoming({ ...contact }, "form");
    const before = structuredClone(given);
    const checked = await checkIncoming(given, context);
    expect(checked).toMatchObject({ lead: { kind: "contact" }, attribution: { utm_source: "news" } });
    // without script there is no captcha: marked so, in a new value
    expect((checked as { lead: { fields: Record<string, unknown> } }).lead.fields.captcha).toBe("sent without captcha");
    expect(given).toEqual(before);
  });

  it("says which field is wrong", async () => {
    expect(await checkIncoming(incoming({ ...contact, email: "nope" }), context)).toMatchObject({
      status: 400,
      field: "email",
    });
  });
});

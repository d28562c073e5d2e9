import site from "../../content/site.json";
import { FORMS, payloadOf } from "../../src/lib/forms";
import { expect, ORIGIN, test, visit } from "./fixtures";
import { fakeRecaptchaScript, fakeWebToLead, solveCaptcha } from "./fakes";
import { validBody } from "../support/valid-body";

const contact = validBody("contact", { info: "Need help", email: "a@example.com", phone: "91982", name: "Asha" });
const comment = {
  name: "R",
  email: "r@example.com",
  comment: "Nice",
  url: `${ORIGIN}/blog/x`,
  type: site.labels.comment,
};
const newsletter = payloadOf(FORMS.newsletter, { email: "n@example.com" }, { labels: site.labels });
const long = (n: number) => "x".repeat(n);

// Each bad request, what it is, and the field the answer must name.
const corpus: {
  name: string;
  data?: string;
  method?: string;
  headers?: Record<string, string>;
  status: number;
  field: string;
}[] = [
  { name: "malformed JSON", data: "{type:", status: 400, field: "body" },
  { name: "empty body", data: "", status: 400, field: "body" },
  { name: "a JSON array", data: "[]", status: 400, field: "body" },
  { name: "JSON null", data: "null", status: 400, field: "body" },
  { name: "a JSON string", data: '"hello"', status: 400, field: "body" },
  { name: "a JSON number", data: "42", status: 400, field: "body" },
  { name: "no type", data: JSON.stringify({ ...contact, type: undefined }), status: 400, field: "type" },
  { name: "type as a number", data: JSON.stringify({ ...contact, type: 1 }), status: 400, field: "type" },
  { name: "unknown type label", data: JSON.stringify({ ...contact, type: "Admin Login" }), status: 400, field: "type" },
  {
    name: "type with a script tag",
    data: JSON.stringify({ ...contact, type: "<script>alert(1)</script>" }),
    status: 400,
    field: "type",
  },
  { name: "missing name", data: JSON.stringify({ ...contact, name: undefined }), status: 400, field: "name" },
  { name: "blank name", data: JSON.stringify({ ...contact, name: "   " }), status: 400, field: "name" },
  { name: "name as an object", data: JSON.stringify({ ...contact, name: { first: "A" } }), status: 400, field: "name" },
  { name: "name as an array", data: JSON.stringify({ ...contact, name: ["A"] }), status: 400, field: "name" },
  {
    name: "name over 100 characters",
    data: JSON.stringify({ ...contact, name: long(101) }),
    status: 400,
    field: "name",
  },
  { name: "missing email", data: JSON.stringify({ ...contact, email: undefined }), status: 400, field: "email" },
  {
    name: "email without at sign",
    data: JSON.stringify({ ...contact, email: "asha.example.com" }),
    status: 400,
    field: "email",
  },
  {
    name: "email with a script tag",
    data: JSON.stringify({ ...contact, email: "<script>@x.io" }),
    status: 400,
    field: "email",
  },
  {
    name: "email with a header injection",
    data: JSON.stringify({ ...contact, email: "a@example.com\r\nBcc: all@example.com" }),
    status: 400,
    field: "email",
  },
  {
    name: "email over 254 characters",
    data: JSON.stringify({ ...contact, email: `${long(250)}@example.com` }),
    status: 400,
    field: "email",
  },
  { name: "email as a number", data: JSON.stringify({ ...contact, email: 5 }), status: 400, field: "email" },
  { name: "phone with letters", data: JSON.stringify({ ...contact, phone: "91abc" }), status: 400, field: "phone" },
  { name: "phone with a plus", data: JSON.stringify({ ...contact, phone: "+91982" }), status: 400, field: "phone" },
  { name: "phone as a number", data: JSON.stringify({ ...contact, phone: 91982 }), status: 400, field: "phone" },
  { name: "phone too long", data: JSON.stringify({ ...contact, phone: "9".repeat(21) }), status: 400, field: "phone" },
  { name: "missing message", data: JSON.stringify({ ...contact, info: undefined }), status: 400, field: "info" },
  {
    name: "message over 5,000 characters",
    data: JSON.stringify({ ...contact, info: long(5001) }),
    status: 400,
    field: "info",
  },
  { name: "message as null", data: JSON.stringify({ ...contact, info: null }), status: 400, field: "info" },
  {
    name: "newsletter with a real name",
    data: JSON.stringify({ ...newsletter, name: "Bob" }),
    status: 400,
    field: "name",
  },
  {
    name: "newsletter with a phone",
    data: JSON.stringify({ ...newsletter, phone: "123" }),
    status: 400,
    field: "phone",
  },
  {
    name: "newsletter with a bad email",
    data: JSON.stringify({ ...newsletter, email: "nope" }),
    status: 400,
    field: "email",
  },
  { name: "comment without url", data: JSON.stringify({ ...comment, url: undefined }), status: 400, field: "url" },
  {
    name: "comment url on another site",
    data: JSON.stringify({ ...comment, url: "https://evil.example/blog/x" }),
    status: 400,
    field: "url",
  },
  {
    name: "comment url with javascript:",
    data: JSON.stringify({ ...comment, url: "javascript:alert(1)" }),
    status: 400,
    field: "url",
  },
  {
    name: "comment over 5,000 characters",
    data: JSON.stringify({ ...comment, comment: long(5001) }),
    status: 400,
    field: "comment",
  },
  { name: "blank comment", data: JSON.stringify({ ...comment, comment: "\n\t " }), status: 400, field: "comment" },
  { name: "huge string", data: JSON.stringify({ ...contact, info: long(40_000) }), status: 413, field: "body" },
  { name: "oversized body of padding", data: `${" ".repeat(33_000)}{}`, status: 413, field: "body" },
  {
    name: "a foreign origin",
    data: JSON.stringify(contact),
    headers: { origin: "https://evil.example" },
    status: 403,
    field: "origin",
  },
  { name: "the null origin", data: JSON.stringify(contact), headers: { origin: "null" }, status: 403, field: "origin" },
  {
    // a request's Host never counts (docs/configuration.md): only the site's configured origins do
    name: "an Origin equal to the request's own Host",
    data: JSON.stringify(contact),
    headers: { host: "evil.test", origin: "http://evil.test" },
    status: 403,
    field: "origin",
  },
  { name: "GET", method: "GET", status: 405, field: "method" },
  { name: "PUT", method: "PUT", data: JSON.stringify(contact), status: 405, field: "method" },
  { name: "DELETE", method: "DELETE", status: 405, field: "method" },
];

test.describe("the lead endpoint refuses bad requests", () => {
  for (const bad of corpus) {
    test(`${bad.name}: ${bad.status} naming "${bad.field}"`, async ({ request }) => {
      const response = await request.fetch("/api/lead", {
        method: bad.method ?? "POST",
        data: bad.data,
        headers: { "content-type": "text/plain;charset=UTF-8", ...(bad.headers ?? {}) },
      });
      expect(response.status()).toBe(bad.status);
      const body = await response.json();
      expect(body.field).toBe(bad.field);
      expect(typeof body.error).toBe("string");
      expect(JSON.stringify(body)).not.toMatch(/<script|Bcc:/i);
      expect(response.headers()["content-type"]).toContain("application/json");
    });
  }

  test("and keeps answering after all of them", async ({ request }) => {
    test.setTimeout(120_000); // each is an invocation of its own in Netlify's local emulation, in a worker of its own
    for (const bad of corpus)
      await request.fetch("/api/lead", { method: bad.method ?? "POST", data: bad.data, headers: bad.headers });
    const ok = await request.post("/api/lead", {
      data: JSON.stringify({ ...contact, name: `After corpus ${Date.now()}` }),
    });
    expect(ok.status()).toBe(200);
  });
});

test.describe("security headers", () => {
  // the opener policy is a page's, written beside its CSP (the editor's differs); a script or JSON needs none
  const expectSecurityHeaders = (headers: Record<string, string>, { page = true } = {}) => {
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    if (page) expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  };

  test("every page has a policy without unsafe-inline or unsafe-eval in script-src", async ({ request }) => {
    const response = await request.get("/services/agentforce");
    const headers = response.headers();
    expectSecurityHeaders(headers);
    const csp = headers["content-security-policy"];
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toMatch(/'sha256-/);
    // only the site search's WebAssembly may be compiled ('wasm-unsafe-eval'); no JavaScript eval, no inline script
    expect(directive("script-src")).not.toMatch(/unsafe-inline|'unsafe-eval'/);
    expect(directive("script-src").match(/'[a-z-]*unsafe[a-z-]*'/g)).toEqual(["'wasm-unsafe-eval'"]);
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("base-uri")).toBe("base-uri 'self'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("form-action")).toBe(`form-action 'self' ${new URL(site.webToLead.url).origin}`);
  });

  test("assets and the function carry the headers too", async ({ request, page }) => {
    await page.goto("/");
    const script = await page.locator("script[src^='/app-']").getAttribute("src");
    expectSecurityHeaders((await request.get(script!)).headers(), { page: false });
    expect((await request.get(script!)).headers()["cache-control"]).toContain("immutable");
    expectSecurityHeaders((await request.post("/api/lead", { data: "{}" })).headers(), { page: false });
  });

  test("no policy violation while every feature is used", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __violations: string[] }).__violations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await fakeRecaptchaScript(page);
    await fakeWebToLead(page);
    await page.route(/^https:\/\/assets\.calendly\.com\//, (route) =>
      route.fulfill({
        contentType: route.request().url().endsWith(".css") ? "text/css" : "application/javascript",
        body: route.request().url().endsWith(".css") ? "" : "window.Calendly={initPopupWidget:function(){}}",
      }),
    );
    await page.route(/^https:\/\/www\.googletagmanager\.com\//, (route) =>
      route.fulfill({ contentType: "application/javascript", body: "" }),
    );
    const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

    await page.setViewportSize({ width: 1440, height: 900 });
    await visit(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Book a Free Consultation" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Contact Us" }).click();
    const dialog = page.getByRole("dialog", { name: "Tell us about your project" });
    await dialog.getByLabel("Name").fill("CSP Check");
    await dialog.getByLabel("Email").fill("csp@example.com");
    await dialog.getByLabel("Message").fill("Checking the policy");
    await dialog.getByRole("button", { name: "I'm not a robot" }).click();
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByText("Your message is sent.", { exact: false })).toBeVisible();
    expect(await violations()).toEqual([]);

    await visit(page, "/blog/data-cloud-first-90-days");
    const form = page.getByRole("form", { name: "Comment" });
    await form.getByLabel("Name", { exact: true }).fill("CSP");
    await form.getByLabel("Email", { exact: true }).fill("csp@example.com");
    await form.getByLabel("Comment", { exact: true }).fill("Policy check");
    await form.getByRole("button", { name: "Post comment" }).click();
    await expect(form.getByText("Comment posted successfully!")).toBeVisible();
    await page.getByRole("contentinfo").getByLabel("Email address").fill(`csp-${Date.now()}@example.com`);
    await solveCaptcha(page.getByRole("contentinfo").getByRole("form", { name: "Newsletter" }));
    await page.getByRole("contentinfo").getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/success-email$/);
    expect(await violations()).toEqual([]);
  });
});

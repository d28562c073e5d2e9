import { expect, test, visit } from "./fixtures";

// What Mozilla's HTTP Observatory and a browser read of every answer: a policy on every page (an unknown path's
// 404 too), Cross-Origin-Resource-Policy everywhere, and functions that set their own headers (Netlify applies
// netlify.toml's rules to files, not to function answers; the local server does the same).

test("an unknown path's 404 page carries a Content-Security-Policy that lets it run, and nothing more", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (m) => m.text().includes("Content Security Policy") && refused.push(m.text()));
  const response = await page.goto("/no-such-page-at-all");
  expect(response?.status()).toBe(404);
  const meta = page.locator('head meta[http-equiv="Content-Security-Policy"]');
  await expect(meta).toHaveCount(1);
  const policy = (await meta.getAttribute("content")) ?? "";
  expect(policy).toContain("default-src 'self'");
  expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[^']+')+ /);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(refused).toEqual([]);
});

test("every answer says Cross-Origin-Resource-Policy: same-origin", async ({ page, request }) => {
  await visit(page, "/");
  const script = await page.locator("script[src]").first().getAttribute("src");
  const paths = ["/", "/about", script!, "/.well-known/security.txt", "/sitemap-index.xml", "/no-such-page"];
  for (const path of paths) {
    const answer = await request.get(path);
    expect(answer.headers()["cross-origin-resource-policy"], path).toBe("same-origin");
  }
});

test("no answer says X-XSS-Protection, which Gatsby's adapter gives every path (scripts/adapter-headers.mjs)", async ({
  page,
  request,
}) => {
  await visit(page, "/");
  const script = await page.locator("script[src]").first().getAttribute("src");
  const answers = {
    "/": await request.get("/"),
    "/about": await request.get("/about"),
    [script!]: await request.get(script!),
    "/.well-known/security.txt": await request.get("/.well-known/security.txt"),
    "/no-such-page": await request.get("/no-such-page"),
    "/about/": await request.get("/about/", { maxRedirects: 0 }),
    "/api/lead": await request.post("/api/lead", { data: "not json", headers: { "Content-Type": "text/plain" } }),
  };
  for (const [path, answer] of Object.entries(answers))
    expect({ path, header: answer.headers()["x-xss-protection"] }).toEqual({ path, header: undefined });
});

test("each function sets its own security headers, whatever netlify.toml says", async ({ request }) => {
  const answers = {
    "/api/lead": await request.post("/api/lead", { data: "not json", headers: { "Content-Type": "text/plain" } }),
    "/api/comments": await request.get("/api/comments?path=nowhere"),
    "/api/moderate": await request.get("/api/moderate"),
  };
  for (const [path, answer] of Object.entries(answers)) {
    const headers = answer.headers();
    expect(headers["strict-transport-security"], path).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["referrer-policy"], path).toBeTruthy();
  }
});

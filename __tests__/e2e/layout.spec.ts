import site from "../../content/site.json";
import { expect, linkAnswer, test, visit } from "./fixtures";

test.describe("layout in the static HTML", () => {
  test("header, footer and chat button are in the HTML before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/services/agentforce");
    await expect(page.locator("header a[href='/']")).toHaveCount(1);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true }),
    ).toHaveCount(1);
    // the menus' sub-links too, so that every page is reachable without script (issue 24)
    for (const href of ["/services/agentforce", "/industryexpert/insurance", "/events"]) {
      await expect(page.getByRole("navigation", { name: "Main" }).locator(`a[href="${href}"]`)).toHaveCount(1);
      await expect(
        page.getByRole("dialog", { name: "Menu", includeHidden: true }).locator(`a[href="${href}"]`),
      ).toHaveCount(1);
    }
    const footer = page.locator("footer");
    await expect(footer).toContainText(site.addresses.corporate.region);
    await expect(footer).toContainText(site.addresses.delivery.city);
    for (const phone of Object.values(site.phones))
      await expect(footer.locator(`a[href="tel:${phone.number}"]`)).toHaveCount(1);
    await expect(footer.locator(`a[href="mailto:${site.emails.sales}"]`)).toHaveCount(1);
    await expect(footer.locator(`a[href="mailto:${site.emails.jobs}"]`)).toHaveCount(1);
    await expect(footer.locator(`a[href="${site.messaging.url}"]`)).toHaveCount(1);
    await expect(footer).toContainText(`© ${site.copyrightYear}`);
    await expect(footer.locator("form[aria-label='Newsletter']")).toHaveCount(1);
    await expect(page.locator(`a[aria-label="${site.messaging.label}"][href^="https://wa.me/"]`)).toHaveCount(1);
    await context.close();
  });

  test("the Services mega menu has the seven groups, each listing its services", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await visit(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true }).hover();
    // each group a <details>, open
    const groups = page.getByRole("navigation", { name: "Main" }).locator("details[open] > summary");
    await expect(groups).toHaveText([
      "Salesforce",
      "CRM",
      "AI and ML",
      "Data and Analytics",
      "Digital Engineering",
      "Automation",
      "Training",
    ]);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Agentforce Implementation Services" }),
    ).toBeVisible();
  });

  test("below 1024 px the menu slides in with expandable sections", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await dialog.locator("summary", { hasText: "Industries section" }).click();
    await dialog.getByRole("link", { name: "Insurance" }).click();
    await expect(page).toHaveURL(/\/industryexpert\/insurance$/);
    await expect(dialog).toBeHidden();
  });

  for (const width of [390, 1440]) {
    test(`every link in the header and footer leads to a page that exists (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, "/");
      // every menu's links are in the page (issue 24): the desktop dropdowns, the mobile menu (in the header) and
      // the footer's services, shown or not
      const hrefs = new Set(
        await page
          .locator("header a[href^='/'], footer a[href^='/']")
          .evaluateAll((links) => links.map((a) => a.getAttribute("href")!)),
      );
      expect(hrefs.size).toBeGreaterThan(40);
      for (const href of hrefs) {
        const { got, want } = await linkAnswer(request, href);
        expect(got).toBe(want);
      }
    });
  }
});

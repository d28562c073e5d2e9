import { pageKinds } from "../support/spec-routes";
import { expect, test } from "./fixtures";

// A first visit on a phone (390 x 844) shows the consent banner at the bottom of the screen: it must not cover
// what the page asks the visitor to do first. On each kind of page that is the first call to action of its hero
// (a link or button in the first block of main), or, where the hero has none, its heading.
test.use({ consent: null, viewport: { width: 390, height: 844 } });

for (const path of pageKinds)
  test(`a first visit to ${path} at 390 x 844 shows its main call to action above the consent banner`, async ({
    page,
  }) => {
    await page.goto(path);
    const banner = page.getByRole("dialog", { name: "Cookies and your privacy" });
    await expect(banner).toBeVisible();
    // the banner slides in: its place is where it has stopped moving
    let top = -1;
    await expect
      .poll(async () => {
        const before = top;
        top = Math.round((await banner.boundingBox())!.y);
        return top === before;
      })
      .toBe(true);
    const hero = page.locator("main > :first-child");
    // a file to download (a webinar's "Add to calendar") is a second step, never the page's first call to action
    const action = hero.locator("a[href]:not([href^='#']):not([download]), button").first();
    const target = (await action.count()) ? action : page.getByRole("heading", { level: 1 });
    const box = (await target.boundingBox())!;
    expect(box.y + box.height, `${await target.textContent()} ends above the banner`).toBeLessThanOrEqual(top);
  });

import { MENU, OPEN_MENU, CLOSE_MENU, menuSection, menuLink, NAV, navLink, toggle, expanded } from "./page-parts";
import {
  becomes,
  DESKTOP,
  expect,
  hasFocus,
  hides,
  hydrated,
  PHONE,
  reaches,
  shows,
  visit,
  type Journey,
} from "./steps";

// The menus: the phone's popover, the desktop's dropdowns by mouse and by keyboard, and the header without script.

export const MENUS: Journey[] = [
  {
    name: "phone menu: a section and its Services group open, a link reaches its page; Escape, tap outside, close",
    script: [true, false],
    async run({ d }) {
      await d.viewport(...PHONE);
      await visit(d, "/");
      await d.click(OPEN_MENU);
      await shows(d, MENU, "the menu");
      await hasFocus(d, CLOSE_MENU, "its close button");
      await d.click(menuSection("Services"));
      // the section's groups take a row of their own, below its link (Firefox ESR 140 has no ::details-content)
      const group = { css: `${MENU} details details summary`, text: "Data and Analytics" };
      const [link, below] = [await d.box({ css: `${MENU} a`, text: /^Services$/ }), await d.box(group)];
      expect(
        below.y >= link.y + link.height - 1 && below.x < link.x + link.width,
        "the Services section's groups sit below its link",
        { link, below },
      );
      await d.click(group);
      await d.click(menuLink("Tableau Consulting Services"));
      await reaches(d, "/services/tableau-consulting-services");
      await hides(d, MENU, "the menu");
      if (d.script) await hydrated(d);
      await d.click(OPEN_MENU);
      await shows(d, MENU, "the menu");
      await d.key("Escape");
      await hides(d, MENU, "the menu after Escape");
      await hasFocus(d, OPEN_MENU, "the menu button, after Escape");
      await d.click(OPEN_MENU);
      await shows(d, MENU, "the menu");
      await d.clickAt(5, 400); // the backdrop, left of the panel
      await hides(d, MENU, "the menu after a tap outside it");
      await d.click(OPEN_MENU);
      await d.click(CLOSE_MENU);
      await hides(d, MENU, "the menu after its close button");
    },
  },
  {
    name: "desktop menus by hover: it opens, its toggle keeps it open, a second press closes; a link works",
    script: [true, false],
    async run({ d }) {
      await d.viewport(...DESKTOP);
      await visit(d, "/");
      const smartSell = { css: `${NAV} a`, text: "SmartSell" };
      await hides(d, smartSell, "the Products menu");
      await d.hover(navLink("Products"));
      await shows(d, smartSell, "the Products menu, on hover");
      if (d.script) {
        await becomes("aria-expanded of the Products toggle", () => expanded(d, "Products"), "true");
        await d.click(toggle("Products"));
        // issue 35: the press keeps the menu that hover opened
        await becomes("aria-expanded after the toggle is pressed", () => expanded(d, "Products"), "true");
        await shows(d, smartSell, "the Products menu, after its toggle is pressed");
        await d.click(toggle("Products"));
        await becomes("aria-expanded after a second press", () => expanded(d, "Products"), "false");
        await hides(d, smartSell, "the Products menu, after a second press");
        await d.hover("main h1");
      } else {
        // without script the toggle could do nothing, so it is not shown (desktop-nav.module.css)
        expect(!(await d.visible(toggle("Products"))), "no menu toggle without script");
      }
      await d.hover(navLink("Services"));
      await d.click({ css: `${NAV} a`, text: "Salesforce Corporate Training" });
      await reaches(d, "/services/salesforce-corporate-training");
    },
  },
  {
    name: "desktop menus by keyboard: focus opens, Enter keeps it open, Space closes; arrows; Escape returns focus",
    script: [true],
    async run({ d }) {
      await d.viewport(...DESKTOP);
      await visit(d, "/");
      await d.focus(navLink("Industries"));
      await becomes("aria-expanded of the Industries toggle, on focus", () => expanded(d, "Industries"), "true");
      await d.key("Tab");
      await hasFocus(d, toggle("Industries"), "the Industries toggle");
      await d.key("Enter");
      // issue 35: Enter on the toggle keeps the menu that focus opened
      await becomes("aria-expanded after Enter on the toggle", () => expanded(d, "Industries"), "true");
      await shows(d, { css: `${NAV} a`, text: "Software" }, "the Industries menu, after Enter");
      await d.key("Space");
      await becomes("aria-expanded after Space, a second press", () => expanded(d, "Industries"), "false");
      await d.key("ArrowDown");
      await hasFocus(d, { css: `${NAV} a`, text: "Software" }, "the menu's first link, after ArrowDown");
      await d.key("ArrowDown");
      await hasFocus(d, { css: `${NAV} a`, text: "Accounting and Tax" }, "the second link");
      await d.key("Escape");
      await becomes("aria-expanded after Escape", () => expanded(d, "Industries"), "false");
      await hasFocus(d, navLink("Industries"), "the Industries link, after Escape");
      await d.focus(navLink("Products"));
      await d.key("Tab");
      await d.key("Tab");
      await hasFocus(d, { css: `${NAV} a`, text: "SmartSell" }, "SmartSell, two Tabs on");
      await d.key("Enter");
      await reaches(d, "/products/smartsell");
    },
  },
  {
    name: "header without script: every control shown leads somewhere, at 1440 and 390 px",
    script: [false],
    async run({ d }) {
      for (const size of [DESKTOP, PHONE]) {
        await d.viewport(size[0], size[1]);
        await visit(d, "/");
        // a button works without script only as a popover's invoker; the search needs script and is not shown
        const dead = await d.countShown("header button:not([popovertarget])");
        expect(dead === 0, `no header button that does nothing at ${size[0]} px`, dead);
      }
      await d.click(OPEN_MENU);
      await d.click({ css: `${MENU} a[data-contact]`, text: "Contact Us" });
      await reaches(d, "/contact");
      await shows(d, 'main form[aria-label="Contact"]', "the contact form");
      await d.viewport(...DESKTOP);
      await d.click("header a[data-contact]");
      await reaches(d, "/contact");
    },
  },
];

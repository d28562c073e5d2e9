import { until } from "./driver";
import {
  post,
  MENU,
  OPEN_MENU,
  menuSection,
  menuLink,
  CONTACT,
  CONTACT_HYDRATED,
  contactOpen,
  button,
  field,
  NEWSLETTER,
  SEARCH_BOX,
  OPTIONS,
  FOOTER_SERVICES,
  hasInvokers,
} from "./page-parts";
import { PHONE, DESKTOP, becomes, expect, hides, hydrated, reaches, shows, visit, type Journey } from "./steps";

// The page as a whole: the footer, a phone's width, and what a visitor does while the page is still loading.

export const PAGE: Journey[] = [
  {
    name: "footer: Show More steps 5, +10 until all, Show Less 8; on a phone its sections are accordions",
    script: [true, false],
    async run({ d }) {
      await d.viewport(...DESKTOP);
      await visit(d, "/");
      const total = await d.count(FOOTER_SERVICES);
      const more = { css: "footer summary", text: /Show (More|Less)/ };
      const shown = () => d.countShown(FOOTER_SERVICES);
      await becomes("services shown first", shown, Math.min(5, total));
      if (d.script) {
        // spec §4: 5 first, 10 more a press until all, then back to 8
        for (let count = 5; count < total;) {
          count = Math.min(total, count + 10);
          await d.click(more);
          await becomes("services shown after Show More", shown, count);
        }
        await d.click(more);
        await becomes("services shown after Show Less", shown, Math.min(8, total));
      } else {
        await d.click(more); // a <details>: without script it reveals them all
        await becomes("services shown after Show More", shown, total);
      }
      // from 1024 px every section is open, with script or without (Firefox ESR 140 has no ::details-content)
      const phone = { css: "footer a[href^='tel:']", text: "+1 512 555 0147" };
      await shows(d, phone, "on a desktop, the Get in touch section's phone number");
      await d.viewport(...PHONE);
      // a section's toggle is a <details>, its body the sibling CSS shows while the toggle is open
      const section = "footer details:has(> summary h2)";
      const getInTouch = { css: section, text: "Get in touch" };
      await becomes("the Get in touch section, closed", () => d.attribute(getInTouch, "open"), null);
      await hides(d, phone, "in the closed Get in touch section, its phone number");
      await d.click({ css: "footer summary", text: "Get in touch" });
      await until(
        "the Get in touch section opens",
        () => d.attribute(getInTouch, "open"),
        (open) => open !== null,
      );
      await shows(d, phone, "its phone number");
    },
  },
  {
    name: "at 390 px no page scrolls sideways and no header control is cut off or covered",
    script: [true],
    async run({ d }) {
      await d.viewport(...PHONE);
      for (const path of ["/", "/services/agentforce", "/pricing", "/contact", post, "/about"]) {
        await visit(d, path);
        const problems = await d.evaluate(() => {
          const found: string[] = [];
          const width = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth > width)
            found.push(`scrolls ${document.documentElement.scrollWidth - width} px sideways`);
          for (const control of document.querySelectorAll<HTMLElement>(
            "header a[href], header button, header summary",
          )) {
            if (!control.checkVisibility() || control.closest("[popover]")) continue;
            const r = control.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (r.left < 0 || r.right > width)
              found.push(`${control.textContent?.trim() || control.outerHTML.slice(0, 60)} is cut off`);
            else if (!top || !(control === top || control.contains(top)))
              found.push(`${control.textContent?.trim()} is covered`);
          }
          return found;
        });
        expect(problems.length === 0, `nothing wrong at 390 px on ${path}`, problems);
      }
    },
  },
  {
    name: "during load: the menu, the contact modal (or page) and a form work before hydration; then no error",
    script: [true],
    duringLoad: true,
    async run({ d, front }) {
      await d.viewport(...PHONE);
      front.holdScripts();
      await d.goto("/");
      await d.click(OPEN_MENU);
      await d.click(menuSection("Blogs"));
      await shows(d, menuLink("Events"), "a link of the opened section");
      // Contact Us in the menu: the modal opens natively where the engine has invokers; elsewhere it is a link to
      // /contact, whose page then loads with its scripts still held
      const invokers = await hasInvokers(d);
      await d.click({ css: `${MENU} [data-contact]`, text: "Contact Us" });
      const form = invokers ? `${CONTACT} form[aria-label="Contact"]` : 'main form[aria-label="Contact"]';
      if (invokers) await until("the contact modal is open", () => contactOpen(d));
      else await reaches(d, "/contact");
      await d.type(field(form, "name"), "Asha");
      await d.type(field(form, "info"), "Typed before the page's script ran.");
      expect((await d.count("html[data-hydrated]")) === 0, "the page is not hydrated yet");
      front.release();
      await hydrated(d);
      // its content draws no box of its own (display: contents): it is found, not seen
      if (invokers)
        await until(
          "the modal's content, hydrated",
          () => d.count(CONTACT_HYDRATED),
          (n) => n > 0,
        );
      await d.type(field(form, "email"), "asha@example.com");
      await becomes("the name typed before hydration", () => d.value(field(form, "name")), "Asha");
      await becomes(
        "the message typed before hydration",
        () => d.value(field(form, "info")),
        "Typed before the page's script ran.",
      );
      if (invokers) await d.key("Escape");
      await d.click("h1"); // out of the form's fields, whose keys are the field's
      // the search's own code, held while the visitor types: what is typed meanwhile is kept
      front.holdScripts();
      await d.key("Control+k");
      for (const letter of "agentforce") await d.key(letter);
      front.release();
      await becomes("the search field, with the keys typed while it loaded", () => d.value(SEARCH_BOX), "agentforce");
      await until(
        "results",
        () => d.countShown(OPTIONS),
        (n) => n > 0,
      );
    },
  },
  {
    name: "during load: the contact page's form and the newsletter, typed into before hydration, keep what was typed",
    script: [true],
    duringLoad: true,
    async run({ d, front }) {
      await d.viewport(...DESKTOP);
      front.holdScripts();
      await d.goto("/contact");
      const form = 'main form[aria-label="Contact"]';
      await d.type(field(form, "name"), "Asha");
      await d.type(field(NEWSLETTER, "email"), "reader@example.com");
      expect((await d.count("html[data-hydrated]")) === 0, "the page is not hydrated yet");
      front.release();
      await hydrated(d);
      // the next render of the form (a keystroke elsewhere, a send) must not put its empty state back
      await d.type(field(form, "info"), "Typed once the page was hydrated.");
      await becomes("the name typed before hydration", () => d.value(field(form, "name")), "Asha");
      await d.click(button(NEWSLETTER, "Subscribe"));
      await shows(d, { css: `${NEWSLETTER} *`, text: /^Please verify reCAPTCHA$/ }, "'Please verify reCAPTCHA'");
      await becomes("the newsletter's message", () => d.text(`${NEWSLETTER} [role=alert]`), "");
      await becomes(
        "the address typed before hydration",
        () => d.value(field(NEWSLETTER, "email")),
        "reader@example.com",
      );
    },
  },
];

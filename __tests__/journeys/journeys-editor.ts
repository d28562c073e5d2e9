import { readFileSync, writeFileSync } from "fs";
import path from "path";
import { until } from "./driver";
import { editorContent } from "./editor-content";
import { DESKTOP, expect, retype, shows, type Journey } from "./steps";

// The authors' editor at /admin/ (src/cms/) in every engine: it opens on the local backend, lists the posts, and an
// edit saved through its form reaches the file (the server's GIT_REPO_DIRECTORY: run.ts). Its Chromium tests, with
// what a save writes checked field by field, are __tests__/e2e/editor.spec.ts.

const SERVICE = "agentforce";

export const EDITOR: Journey[] = [
  {
    name: "editor: opens, lists the posts, and saves an edit to a service's file",
    script: [true],
    async run({ d }) {
      const file = path.join(editorContent(), "services", `${SERVICE}.md`);
      const before = readFileSync(file, "utf8");
      try {
        await d.viewport(...DESKTOP);
        await d.goto("/admin/");
        await d.click({ css: "button", text: "Login" });
        await d.click({ css: "a[href='#/collections/blog']", text: "Blog posts" });
        await shows(d, { css: "a", text: /Your First 90 Days with Salesforce Data Cloud/ }, "a post in the list");
        await d.goto(`/admin/#/collections/service/entries/${SERVICE}`);
        const summary = "input[id^='summary-field-'], textarea[id^='summary-field-']";
        await shows(d, summary, "the service's summary");
        const text = `Agentforce agents that resolve real requests, saved in ${d.engine}.`;
        await retype(d, summary, text);
        await d.click({ css: "[role=button]", text: /^Publish$/ });
        await d.click({ css: "[role=menuitem]", text: "Publish now" });
        await shows(d, { css: "div", text: /^Entry saved$/ }, "the editor's word that it saved");
        const saved = await until(
          "the file holds the new summary",
          async () => readFileSync(file, "utf8"),
          (now) => now.includes(`summary: ${text}`),
        );
        const changed = saved.split("\n").filter((line, i) => line !== before.split("\n")[i]);
        expect(changed.length === 1, "one line of the file changed", changed);
      } finally {
        writeFileSync(file, before);
      }
    },
  },
];

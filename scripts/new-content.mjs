// `npm run new:post -- "Title"`, `new:webinar`, `new:service`: a correctly named file with every required
// field, ready to edit. The build checks it like any other file.
// Run with `node --import tsx` (as the npm scripts do): it reads the publication day from src/lib/publication.ts
// and names the file as the editor at /admin does (src/lib/content-model.ts).
import { existsSync, readFileSync, writeFileSync } from "fs";
import path from "path";
import { slugOf } from "../src/lib/content-model.ts";
import { dayIn } from "../src/lib/publication.ts";
import { commandLine } from "./command-line.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const contentDir = path.resolve(root, process.env.CONTENT_DIR || "content");
const USAGE = `Usage:
  npm run new:post -- "Title"      a post in content/blog/, a draft until you remove "draft: true"
  npm run new:webinar -- "Title"   a webinar in content/webinars/
  npm run new:service -- "Title"   a service in content/services/ (set its group)
Each writes a correctly named file with every required field, ready to edit; the build checks it.`;
// the kind comes from the npm script, the title's words after it: positionals; no option but --help
const { positionals } = commandLine(USAGE, { options: {}, allowPositionals: true });
const [kind, ...words] = positionals;
const title = words.join(" ").trim();
if (!["post", "webinar", "service"].includes(kind) || !title) {
  console.error(USAGE);
  process.exit(2);
}

const slug = slugOf(title);
// today at the headquarters, the day builds publish by: a post started in the evening is not dated tomorrow, and
// scheduled, as the day in UTC would have it
const today = dayIn(new Date());
const yaml = (text) => JSON.stringify(text);
const groups = JSON.parse(readFileSync(path.join(contentDir, "navigation.json"), "utf8"))
  .find((i) => i.name === "Services")
  .sub.map((g) => g.name);

const templates = {
  post: {
    file: `blog/${slug}.md`,
    text: `---
title: ${yaml(title)}
date: ${today}
author: "Priya Raman"
tags:
  - salesforce
cover: ./images/${slug}.jpg
coverAlt: ${yaml(`Abstract illustration for the article ${title}`)}
description: ${yaml(`Replace with a 110 to 160 character summary of ${title} for search results and link previews.`)}
draft: true
---

## Why this matters

Write the post here: 600 words or more, with ## and ### headings. Run \`npm run covers\` to draw a cover
image, or put your own at content/blog/images/${slug}.jpg. Remove \`draft: true\` to publish.
`,
  },
  webinar: {
    file: `webinars/${slug}.md`,
    text: `---
title: ${yaml(title)}
date: ${today}T16:00:00Z
timezone: America/Chicago
duration: 60
description: ${yaml(`Replace with a 110 to 160 character summary of the webinar ${title} for search results.`)}
summary: ${yaml(`One line on what attendees of ${title} will learn.`)}
speakers:
  - name: "Priya Raman"
    role: "Co-founder and CEO"
agenda:
  - "Welcome and the problem we will solve"
  - "Walk-through"
  - "Questions and answers"
---

Write 150 to 300 words on who should attend and what they will take away.
`,
  },
  service: {
    file: `services/${slug}.md`,
    text: `---
title: ${yaml(title)}
group: ${yaml(groups[0])} # one of: ${groups.join(", ")}
order: 99
description: ${yaml(`Replace with a 110 to 160 character description of ${title} for search results and previews.`)}
summary: ${yaml(`One line on what ${title} delivers.`)}
offerings:
${[1, 2, 3, 4, 5].map((n) => `  - title: ${yaml(`Offering ${n}`)}\n    text: ${yaml("What we deliver, concretely.")}`).join("\n")}
process:
${["Discover", "Design", "Build", "Launch"].map((step) => `  - title: ${yaml(step)}\n    text: ${yaml(`What happens in ${step.toLowerCase()}.`)}`).join("\n")}
outcomes:
${[1, 2, 3].map((n) => `  - title: ${yaml(`Outcome ${n}`)}\n    text: ${yaml("A result clients can measure.")}`).join("\n")}
faqs:
${[1, 2, 3].map((n) => `  - question: ${yaml(`Question ${n}?`)}\n    answer: ${yaml("The answer.")}`).join("\n")}
related:
  - salesforce-consulting-services
  - salesforce-implementation-services
  - salesforce-managed-services
---

Write the introduction: two to four paragraphs, 350 words or more on the page in all.
`,
  },
};

const { file, text } = templates[kind];
const target = path.join(contentDir, file);
if (existsSync(target)) {
  console.error(`${file} exists already`);
  process.exit(1);
}
writeFileSync(target, text);
console.log(`wrote ${file}`);

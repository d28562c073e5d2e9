import { createHash } from "crypto";
import site from "../../content/site.json";
import { formAnswer } from "../../src/server/form-pages";
import type { Incoming, Refusal } from "../../src/server/lead-read";
import { reportHtml } from "../../src/server/report/report-page";
import type { Report } from "../../src/server/report/report";
import { confirmPage, decidedPage, donePage, errorPage, PAGE_HEADERS } from "../../src/server/moderation-page";
import type { LinkParams } from "../../src/server/moderation";
import { FILE_POLICY, pageCameFrom, STYLE } from "../../src/server/page-shell";
import { LIMITED } from "../../src/server/rate-limit";
import type { ModeratedComment } from "../../src/server/store/comments";
import { SUBSCRIPTION_PAGE_HEADERS } from "../../src/server/subscription";
import { subscriptionPage } from "../../src/server/subscription-pages";

// The pages of the functions and the leads report, rendered by React in one shell (src/server/page-shell.tsx): what
// a visitor typed arrives as text, never as markup, and each page's policy allows exactly its own stylesheet.

const SCRIPT = "<script>alert(1)</script>";
const BREAKOUT = `"><img src=x onerror=alert(1)>`;

const comment: ModeratedComment = {
  id: "7d0c9a52-0000-4000-8000-000000000000",
  page_url: `https://tidewell.example/blog/post?x=${BREAKOUT}`,
  page_path: `/blog/${SCRIPT}`,
  name: `Ravi ${BREAKOUT} O'Neil & co`,
  email: "ravi@example.com",
  text: `${SCRIPT}\n\nAnd ${BREAKOUT} & 'quotes'`,
  received_at: new Date("2026-11-02T10:00:00Z"),
  moderation: "pending",
  moderated_at: null,
};
const approve: LinkParams = { id: comment.id, action: "approve", expires: 1_790_000_000, signature: BREAKOUT };

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
/** Elements no page of a function has, that typed text would make if it were written into the page as markup. */
const injected = (doc: Document) => doc.querySelectorAll("script, img, iframe, [onerror]").length;

describe("the moderation pages", () => {
  const pages = {
    confirm: confirmPage(comment, approve),
    decided: decidedPage({ ...comment, moderation: "rejected", moderated_at: new Date() }, approve),
    done: donePage({ ...comment, moderation: "approved" }),
  };

  it.each(Object.entries(pages))("show what the commenter typed as text: %s", (_name, html) => {
    const doc = parse(html);
    expect(injected(doc)).toBe(0);
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain(BREAKOUT);
    expect(doc.querySelector("blockquote")?.textContent).toBe(comment.text);
    expect(doc.querySelector("p.meta")?.textContent).toMatch(/^Ravi "><img src=x onerror=alert\(1\)> O'Neil & co on /);
    expect(doc.querySelector("p.meta a")?.getAttribute("href")).toBe(comment.page_url);
    expect(doc.querySelector("p.meta a")?.textContent).toBe(comment.page_path);
  });

  it("send the link's parameters back unchanged, in hidden fields", () => {
    const doc = parse(pages.confirm);
    const form = doc.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("/api/moderate");
    expect(Object.fromEntries(new FormData(form))).toEqual({ ...approve, expires: String(approve.expires) });
    expect(parse(pages.decided).querySelector<HTMLInputElement>('input[name="change"]')?.value).toBe("yes");
  });

  it("show an error's words as text", () => {
    const doc = parse(errorPage(`Oops ${SCRIPT}`, BREAKOUT));
    expect(injected(doc)).toBe(0);
    expect(doc.title).toMatch(/^Oops <script>alert\(1\)<\/script> \| /);
    expect(doc.querySelector("main p")?.textContent).toBe(BREAKOUT);
  });
});

describe("the subscription pages", () => {
  it("show their words as text and send the link's parameters back", () => {
    const params = { ...approve, action: "confirm" };
    const doc = parse(subscriptionPage(`A ${SCRIPT}`, BREAKOUT, { action: "/api/subscription", params, label: "Go" }));
    expect(injected(doc)).toBe(0);
    expect(doc.querySelector("h1")?.textContent).toBe(`A ${SCRIPT}`);
    expect(Object.fromEntries(new FormData(doc.querySelector("form")!))).toEqual({
      ...params,
      expires: String(params.expires),
    });
  });
});

describe("the way back to the site", () => {
  const ORIGIN = site.siteUrl;
  const contact: Incoming = {
    via: "form",
    site: ORIGIN,
    referer: `${ORIGIN}/services/cpq?utm_source=mail`,
    body: null,
    values: { type: site.labels.contact, name: "Asha", email: "asha@example.com", info: "CPQ" },
    kind: "contact",
    file: null,
  };
  const refused = (refusal: Omit<Refusal, "error">, incoming = contact) =>
    formAnswer({ error: "refused", ...refusal }, incoming).html;
  /** The links of a page back to the site, as "text → address": the site's name above it, then the way back below. */
  const wayBack = (html: string) =>
    [...parse(html).querySelectorAll("body > header a, main > p:last-child a")].map(
      (a) => `${a.textContent} → ${a.getAttribute("href")}`,
    );

  it.each([
    ["a subscription link limited", subscriptionPage(LIMITED.title, LIMITED.unchanged)],
    [
      "a subscription link's page",
      subscriptionPage("Confirm", "Press it.", { action: "/api/subscription", params: approve, label: "Go" }),
    ],
    ["a moderation link limited", errorPage(LIMITED.title, LIMITED.unchanged)],
    ["a moderation link's confirmation", confirmPage(comment, approve)],
    [
      "a moderation link already used",
      decidedPage({ ...comment, moderation: "rejected", moderated_at: new Date() }, approve),
    ],
    ["a moderation link's outcome", donePage({ ...comment, moderation: "approved" })],
  ])("%s: the site's name and Back to the site, to the home page", (_page, html) => {
    expect(wayBack(html)).toEqual([`${site.title} → /`, "Back to the site → /"]);
  });

  it.each([
    ["limited (429)", { status: 429, field: "rate", headers: { "Retry-After": "60" } }],
    ["not saved (503)", { status: 503, field: "store" }],
    ["a field to fix (400)", { status: 400, field: "email", problem: "invalid" as const }],
    ["too long (413)", { status: 413, field: "body" }],
  ])("a form sent without script and %s: also back to the page it was sent from", (_case, refusal) => {
    expect(wayBack(refused(refusal))).toEqual([
      `${site.title} → ${ORIGIN}/`,
      `Back to the page you came from → ${ORIGIN}/services/cpq?utm_source=mail`,
      `Back to the site → ${ORIGIN}/`,
    ]);
  });

  it("leads back to a page only of the site's own, never to a function's address, nor twice to the home page", () => {
    const limited = { status: 429, field: "rate" };
    for (const referer of [
      "https://elsewhere.example/services/cpq",
      `${ORIGIN}/api/lead`,
      `${ORIGIN}/.netlify/functions/lead`,
      `${ORIGIN}//elsewhere.example/`,
      `${ORIGIN}/`,
      "not an address",
      undefined,
    ])
      expect(wayBack(refused(limited, { ...contact, referer }))).toEqual([
        `${site.title} → ${ORIGIN}/`,
        `Back to the site → ${ORIGIN}/`,
      ]);
    expect(pageCameFrom(`${ORIGIN}/pricing?plan=pro`, ORIGIN)).toBe("/pricing?plan=pro");
    expect(pageCameFrom(`${ORIGIN}/pricing`, null)).toBeUndefined();
  });

  it("is not in the leads report, a file opened away from the site", () => {
    expect(wayBack(reportHtml({ ...reportOf(), total: 0 }, "T"))).toEqual([]);
  });
});

describe("the leads report", () => {
  // campaign names come from the utm_campaign of a visitor's address: anyone can send one
  const keys = [SCRIPT, BREAKOUT, "Organic & Search"];
  const report: Report = {
    by: "campaign",
    since: new Date("2026-11-02T00:00:00Z"),
    until: new Date("2026-11-16T00:00:00Z"),
    weeks: ["2026-11-02", "2026-11-09"],
    keys,
    counts: new Map([
      ["2026-11-02", new Map([[SCRIPT, 2]])],
      [
        "2026-11-09",
        new Map([
          [BREAKOUT, 1],
          ["Organic & Search", 3],
        ]),
      ],
    ]),
    total: 6,
  };
  const html = reportHtml(report, "Tidewell & Co");
  const doc = parse(html);

  it("shows the dimension's values as text: in the legend, the bars' titles and the table", () => {
    expect(injected(doc)).toBe(0);
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain(BREAKOUT);
    expect([...doc.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(["Week of", ...keys, "Total"]);
    expect([...doc.querySelectorAll(".legend li")].map((li) => li.textContent)).toEqual(keys.map((key) => ` ${key}`));
    expect([...doc.querySelectorAll("rect > title")].map((t) => t.textContent)).toEqual([
      `2026-11-02: ${SCRIPT}, 2`,
      `2026-11-09: ${BREAKOUT}, 1`,
      "2026-11-09: Organic & Search, 3",
    ]);
    expect(doc.querySelector("p.meta")?.textContent).toBe(
      "Tidewell & Co: 6 leads from 2026-11-02 to 2026-11-16 (weeks from Monday, UTC). Spam is not counted; erased submissions are gone.",
    );
  });

  it("stands alone: no script, nothing loaded, a policy of its own in the page", () => {
    expect(doc.querySelectorAll("script, link, [src], [href], form").length).toBe(0);
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content")).toBe(FILE_POLICY);
    expect(FILE_POLICY).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'none'/);
  });
});

describe("the shell's one stylesheet", () => {
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1];
  const hashOf = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
  const styleSource = (policy: string) => /style-src ('sha256-[^']+')/.exec(policy)![1];

  it("is written into every page exactly as the policies hash it", () => {
    const pages: [string, string][] = [
      [confirmPage(comment, approve), PAGE_HEADERS["Content-Security-Policy"]],
      [errorPage("Not here", "No."), PAGE_HEADERS["Content-Security-Policy"]],
      [subscriptionPage("Done", "Thanks."), SUBSCRIPTION_PAGE_HEADERS["Content-Security-Policy"]],
      [reportHtml({ ...reportOf(), total: 0 }, "T"), FILE_POLICY],
    ];
    for (const [html, policy] of pages) {
      expect(styleOf(html)).toBe(STYLE);
      expect(styleSource(policy)).toBe(hashOf(styleOf(html)));
    }
    expect(PAGE_HEADERS["Content-Security-Policy"]).toMatch(/^default-src 'none'; style-src 'sha256-/);
  });
});

function reportOf(): Report {
  const at = new Date("2026-11-02T00:00:00Z");
  return { by: "channel", since: at, until: at, weeks: [], keys: [], counts: new Map(), total: 0 };
}

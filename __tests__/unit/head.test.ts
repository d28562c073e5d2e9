import { absoluteUrl, buildHead } from "../../src/lib/head";

const base = {
  siteUrl: "https://www.tidewell.example",
  siteName: "Tidewell Consulting",
  titleTemplate: "%s | Tidewell Consulting",
  path: "/services/Salesforce-CPQ-Cloud",
  title: "Salesforce CPQ",
  description: "CPQ consulting.",
};

describe("buildHead", () => {
  it("builds the canonical link from the site origin and the path, letter case kept", () => {
    expect(buildHead(base).canonical).toBe("https://www.tidewell.example/services/Salesforce-CPQ-Cloud");
  });

  it("gives alternate links for x-default and en, each the canonical address", () => {
    expect(buildHead(base).alternates).toEqual([
      { hrefLang: "x-default", href: "https://www.tidewell.example/services/Salesforce-CPQ-Cloud" },
      { hrefLang: "en", href: "https://www.tidewell.example/services/Salesforce-CPQ-Cloud" },
    ]);
  });

  it("titles pages with the template, except the site's own name", () => {
    expect(buildHead(base).title).toBe("Salesforce CPQ | Tidewell Consulting");
    expect(buildHead({ ...base, title: "Tidewell Consulting" }).title).toBe("Tidewell Consulting");
  });

  it("gives Open Graph and Twitter tags, and robots noindex only when asked", () => {
    const head = buildHead(base);
    const content = (key: string) => head.meta.find((m) => m.name === key || m.property === key)?.content;
    expect(content("description")).toBe("CPQ consulting.");
    expect(content("og:url")).toBe(head.canonical);
    expect(content("og:title")).toBe(head.title);
    expect(content("twitter:card")).toBe("summary");
    expect(content("robots")).toBeUndefined();
    expect(buildHead({ ...base, noindex: true }).meta).toContainEqual({ name: "robots", content: "noindex, follow" });
  });

  it("joins origin and path without doubling slashes", () => {
    expect(absoluteUrl("https://x.example/", "/a")).toBe("https://x.example/a");
    expect(absoluteUrl("https://x.example", "/")).toBe("https://x.example/");
  });
});

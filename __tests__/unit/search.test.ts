import { excerptParts, searchable, sectionOf } from "../../src/lib/search";
import { pageKinds } from "../support/spec-routes";

const page = (head = "") => `<html><head>${head}</head><body><main data-pagefind-body="">Text</main></body></html>`;

describe("what the search indexes", () => {
  it("indexes the pages a visitor can arrive at", () => {
    for (const route of pageKinds) {
      expect(searchable(route, page())).toBe(true);
    }
  });

  it("leaves out the 404 page, noindex pages (thank-you pages, previewed drafts) and the lists of posts", () => {
    expect(searchable("/404", page())).toBe(false);
    expect(searchable("/404.html", page())).toBe(false);
    expect(searchable("/success-email", page('<meta name="robots" content="noindex"/>'))).toBe(false);
    expect(searchable("/blogs/tag/agentforce", page())).toBe(false);
    expect(searchable("/blogs/2", page())).toBe(false);
    expect(searchable("/about", "<html><body>no main marked</body></html>")).toBe(false);
  });
});

describe("how a result is shown", () => {
  it("names the section a result belongs to", () => {
    expect(sectionOf("/services/agentforce")).toBe("Services");
    expect(sectionOf("/blog/data-cloud-first-90-days")).toBe("Blog");
    expect(sectionOf("/blogs")).toBe("Blog");
    expect(sectionOf("/webinar/data-cloud-foundations")).toBe("Webinars");
    expect(sectionOf("/about")).toBe("Company");
  });

  it("turns the excerpt into text with the matched words marked, and no HTML", () => {
    expect(excerptParts("Build an <mark>Agentforce</mark> agent &amp; ship it &lt;fast&gt;")).toEqual([
      { text: "Build an ", marked: false },
      { text: "Agentforce", marked: true },
      { text: " agent & ship it <fast>", marked: false },
    ]);
    expect(excerptParts('<img src=x onerror="alert(1)"><mark>a</mark>')).toEqual([{ text: "a", marked: true }]);
    expect(excerptParts("caf&#233; &#x2014;")).toEqual([{ text: "café —", marked: false }]);
  });
});

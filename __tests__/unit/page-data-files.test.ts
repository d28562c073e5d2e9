import { pageDataFiles, pageDataPath } from "../../src/lib/page-data-files";

describe("the data Gatsby fetches before it hydrates a page", () => {
  it("names page-data files as Gatsby does: the home page is index, other paths lose their slashes", () => {
    expect(pageDataPath("/")).toBe("/page-data/index/page-data.json");
    expect(pageDataPath("/blog/old-posts/x")).toBe("/page-data/blog/old-posts/x/page-data.json");
    expect(pageDataPath("/webinar-Success-email/")).toBe("/page-data/webinar-Success-email/page-data.json");
  });

  it("lists app-data, the page's data and its static queries' results", () => {
    expect(pageDataFiles("/about", ["123", "456"])).toEqual([
      "/page-data/app-data.json",
      "/page-data/about/page-data.json",
      "/page-data/sq/d/123.json",
      "/page-data/sq/d/456.json",
    ]);
  });
});

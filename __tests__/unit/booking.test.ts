import site from "../../content/site.json";
import { bookingUrl } from "../../src/lib/booking";

describe("booking link", () => {
  it("prefills the discussion topic", () => {
    const url = new URL(bookingUrl(site.thirdParty.calendlyUrl, site.thirdParty.calendlyPrefill));
    expect(url.origin + url.pathname).toBe(site.thirdParty.calendlyUrl);
    expect(url.searchParams.get("a1")).toBe(site.thirdParty.calendlyPrefill);
  });
});

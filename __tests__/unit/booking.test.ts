import site from "../../content/site.json";
import { bookingUrl, isModifiedClick } from "../../src/lib/booking";

describe("booking link", () => {
  it("prefills the discussion topic", () => {
    const url = new URL(bookingUrl(site.thirdParty.calendlyUrl, site.thirdParty.calendlyPrefill));
    expect(url.origin + url.pathname).toBe(site.thirdParty.calendlyUrl);
    expect(url.searchParams.get("a1")).toBe(site.thirdParty.calendlyPrefill);
  });

  it("lets the browser handle new-tab clicks", () => {
    const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
  });
});

import { FOOTER_SERVICES } from "../../src/lib/constants";
import { footerShowsAll, initialFooterCount, nextFooterCount } from "../../src/lib/footer-list";

describe("footer service list (spec §4, §9)", () => {
  it("has the spec's constants", () => {
    expect(FOOTER_SERVICES).toEqual({ initial: 5, step: 10, collapsed: 8 });
  });

  it("goes 5 → 15 → 25 → 30 → 8 → 18 for thirty services", () => {
    const counts = [initialFooterCount(30)];
    for (let i = 0; i < 5; i++) counts.push(nextFooterCount(counts[counts.length - 1], 30));
    expect(counts).toEqual([5, 15, 25, 30, 8, 18]);
  });

  it("says Show More until all are shown, then Show Less (its details open)", () => {
    expect(footerShowsAll(25, 30)).toBe(false);
    expect(footerShowsAll(30, 30)).toBe(true);
  });

  it("never shows more than there are", () => {
    expect(initialFooterCount(3)).toBe(3);
    expect(nextFooterCount(3, 3)).toBe(3);
  });
});

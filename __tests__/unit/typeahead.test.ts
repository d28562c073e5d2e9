import { TYPEAHEAD_RESET_MS } from "../../src/lib/constants";
import { emptyTypeahead, findTypeaheadMatch, isTypeaheadKey, typeaheadPush } from "../../src/lib/typeahead";

const labels = ["Services", "Products", "Industries", "Pricing", "Partners", "Support"];

describe("type-ahead buffer (spec §9: resets after 350 ms)", () => {
  it("is 350 ms", () => {
    expect(TYPEAHEAD_RESET_MS).toBe(350);
  });

  it("adds keys typed within 350 ms and starts again after", () => {
    let state = typeaheadPush(emptyTypeahead, "P", 1_000, 350);
    state = typeaheadPush(state, "r", 1_350, 350);
    expect(state.buffer).toBe("pr");
    state = typeaheadPush(state, "s", 1_701, 350);
    expect(state.buffer).toBe("s");
  });

  it("takes single printable keys without modifiers", () => {
    expect(isTypeaheadKey({ key: "a", ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(isTypeaheadKey({ key: "a", ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
    expect(isTypeaheadKey({ key: "ArrowDown", ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
  });
});

describe("findTypeaheadMatch", () => {
  it("moves to the next item starting with the typed letters", () => {
    expect(findTypeaheadMatch(labels, 0, "pr")).toBe(1);
    expect(findTypeaheadMatch(labels, 1, "pa")).toBe(4);
  });

  it("cycles through items with the same first letter when one letter is typed again", () => {
    expect(findTypeaheadMatch(labels, 1, "p")).toBe(3);
    expect(findTypeaheadMatch(labels, 3, "pp")).toBe(4);
    expect(findTypeaheadMatch(labels, 4, "p")).toBe(1);
  });

  it("finds nothing for letters no item starts with", () => {
    expect(findTypeaheadMatch(labels, 0, "z")).toBe(-1);
  });
});

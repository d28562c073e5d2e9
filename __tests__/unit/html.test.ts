import { focusableTables } from "../../src/lib/html";

describe("focusableTables", () => {
  it("lets keyboard users reach tables that scroll sideways", () => {
    expect(focusableTables("<table>\n<thead>")).toBe('<table tabindex="0">\n<thead>');
    expect(focusableTables('<table class="x">')).toBe('<table tabindex="0" class="x">');
  });

  it("leaves other elements and tables that already have a tabindex alone", () => {
    expect(focusableTables('<table tabindex="-1"><tablet>')).toBe('<table tabindex="-1"><tablet>');
  });
});

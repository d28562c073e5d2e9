import { execFileSync } from "child_process";
import { readFileSync } from "fs";
import path from "path";
import countries from "../../content/countries.json";
import { defaultCountry, INDIA } from "../../src/lib/countries";

describe("content/countries.json (spec §3)", () => {
  it("has about 230 countries, each with name, shortName, flag and a numeric dial code", () => {
    expect(countries.length).toBeGreaterThanOrEqual(220);
    expect(countries.length).toBeLessThanOrEqual(240);
    for (const c of countries) {
      expect(Object.keys(c).sort()).toEqual(["code", "flag", "name", "shortName"]);
      expect(c.code).toMatch(/^\d{1,5}$/);
      expect(c.shortName).toMatch(/^[A-Z]{2}$/);
    }
  });

  it("starts with the United States, United Kingdom, India, UAE and Slovakia, then follows by name", () => {
    expect(countries.slice(0, 5).map((c) => c.shortName)).toEqual(["US", "GB", "IN", "AE", "SK"]);
    const rest = countries.slice(5).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("names each country once", () => {
    expect(new Set(countries.map((c) => c.shortName)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
  });

  it("defaults to India, +91", () => {
    expect(defaultCountry(countries)).toMatchObject({ name: "India", code: "91" });
  });

  it("is what scripts/build-countries.mjs makes from the world-countries data set", () => {
    const root = path.resolve(__dirname, "../..");
    const before = readFileSync(path.join(root, "content/countries.json"), "utf8");
    execFileSync("node", [path.join(root, "scripts/build-countries.mjs")], { stdio: "pipe" });
    expect(readFileSync(path.join(root, "content/countries.json"), "utf8")).toBe(before);
  });
});

describe("the phone field's default country, written as data (spec §3: India, +91)", () => {
  it("equals its entry in content/countries.json", () => {
    expect(INDIA).toEqual(defaultCountry(countries));
  });
});

// Writes content/countries.json from the maintained `world-countries` data set (npm run countries).
// Each country: name, shortName (ISO 3166-1 alpha-2), flag (emoji) and code (international dial code, digits).
// The list starts with the countries most of our visitors come from (spec §3), then follows by name.
import { writeFileSync } from "fs";
import path from "path";
import { createRequire } from "module";

const require = createRequire(import.meta.url);
const countries = require("world-countries");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const FIRST = ["US", "GB", "IN", "AE", "SK"];
// uninhabited territories: nobody calls from them
const UNINHABITED = new Set(["AQ", "BV", "GS", "HM", "TF", "UM"]);
// where the data set lists several suffixes, the code that is actually dialled
const CODE_OVERRIDES = { VA: "379", EH: "212", SH: "290" };

function dialCode(country) {
  if (CODE_OVERRIDES[country.cca2]) return CODE_OVERRIDES[country.cca2];
  const { root: prefix, suffixes = [] } = country.idd;
  const digits = prefix.replace(/\D/g, "");
  if (suffixes.length === 1) return digits + suffixes[0].replace(/\D/g, "");
  return digits;
}

const all = countries
  .filter((c) => c.idd?.root && !UNINHABITED.has(c.cca2))
  .map((c) => ({ name: c.name.common, shortName: c.cca2, flag: c.flag, code: dialCode(c) }));

// a dependent territory that shares its dial code with another entry adds nothing to a phone field
const codeCount = new Map();
for (const c of all) codeCount.set(c.code, (codeCount.get(c.code) ?? 0) + 1);
const independent = new Map(countries.map((c) => [c.cca2, c.independent !== false]));
const useful = all.filter(
  (c) => independent.get(c.shortName) || codeCount.get(c.code) === 1 || FIRST.includes(c.shortName),
);

const first = FIRST.map((code) => useful.find((c) => c.shortName === code));
const rest = useful.filter((c) => !FIRST.includes(c.shortName)).sort((a, b) => a.name.localeCompare(b.name, "en"));
const list = [...first, ...rest];

writeFileSync(path.join(root, "content", "countries.json"), `${JSON.stringify(list, null, 2)}\n`);
console.log(`content/countries.json: ${list.length} countries`);

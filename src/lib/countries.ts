import { DEFAULT_COUNTRY } from "./constants";

export interface Country {
  readonly name: string;
  readonly shortName: string;
  readonly flag: string;
  readonly code: string;
}

/**
 * The default country of the phone field (spec §3: India, +91), written here so that a form needs none of the ~230
 * countries before its list is opened (they load in idle time: forms/country-select.tsx); a unit test keeps it equal
 * to its entry in content/countries.json.
 */
export const INDIA: Country = { name: "India", shortName: "IN", flag: "\u{1F1EE}\u{1F1F3}", code: "91" };

/** The default country's entry in a list of countries (spec §3: India, +91). */
export function defaultCountry(countries: readonly Country[]): Country {
  const found = countries.find((c) => c.shortName === DEFAULT_COUNTRY.shortName && c.code === DEFAULT_COUNTRY.code);
  if (!found) throw new Error(`countries.json has no ${DEFAULT_COUNTRY.shortName} +${DEFAULT_COUNTRY.code}`);
  return found;
}

export const countryLabel = (country: Country) => `${country.name} (+${country.code})`;

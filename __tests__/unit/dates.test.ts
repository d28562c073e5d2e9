import { formatDay, splitByDate } from "../../src/lib/dates";
import { formatDateTime } from "../../src/node/zoned-date-time";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("formatDay", () => {
  it("writes every day of 2019–2032 exactly as Intl's en-US long date style does, in UTC", () => {
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    const mismatches: string[] = [];
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2033, 0, 1); t += DAY_MS) {
      const iso = new Date(t).toISOString();
      if (formatDay(iso) !== intl.format(new Date(t))) mismatches.push(`${iso}: ${formatDay(iso)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("takes the UTC day of dates with a time or an offset, as content gives them", () => {
    expect(formatDay("2026-11-22")).toBe("November 22, 2026");
    expect(formatDay("2024-02-29T23:59:59Z")).toBe("February 29, 2024");
    expect(formatDay("2026-03-01T02:00:00+05:30")).toBe("February 28, 2026");
  });

  it("makes no Intl object: the first one costs a phone a long task (see src/lib/dates.ts)", () => {
    const made = jest.spyOn(Intl, "DateTimeFormat");
    const localeString = jest.spyOn(Date.prototype, "toLocaleDateString");
    jest.isolateModules(() => {
      // a fresh copy of the module, as a page's first load has: nothing made or cached by the tests above
      const fresh = jest.requireActual<typeof import("../../src/lib/dates")>("../../src/lib/dates");
      expect(fresh.formatDay("2026-01-05")).toBe("January 5, 2026");
    });
    expect(made).not.toHaveBeenCalled();
    expect(localeString).not.toHaveBeenCalled();
    made.mockRestore();
    localeString.mockRestore();
  });
});

describe("formatDateTime (at build)", () => {
  it("shows the time in the event's own zone, with the zone's name", () => {
    expect(formatDateTime("2026-12-10T16:00:00.000Z", "America/Chicago")).toBe(
      "Thursday, December 10, 2026 at 10:00 AM CST",
    );
    expect(formatDateTime("2026-09-17T16:00:00.000Z", "America/Chicago")).toBe(
      "Thursday, September 17, 2026 at 11:00 AM CDT",
    );
    expect(formatDateTime("2027-01-21T16:00:00.000Z", "Asia/Kolkata")).toBe(
      "Thursday, January 21, 2027 at 9:30 PM GMT+5:30",
    );
  });
});

describe("splitByDate", () => {
  it("puts the soonest upcoming first and the latest past first", () => {
    const items = [{ date: "2026-01-01" }, { date: "2026-12-01" }, { date: "2026-06-01" }, { date: "2025-06-01" }];
    const { upcoming, past } = splitByDate(items, new Date("2026-05-01"));
    expect(upcoming.map((i) => i.date)).toEqual(["2026-06-01", "2026-12-01"]);
    expect(past.map((i) => i.date)).toEqual(["2026-01-01", "2025-06-01"]);
  });
});

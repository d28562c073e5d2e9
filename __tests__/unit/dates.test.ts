import { splitByDate } from "../../src/lib/dates";
import { formatDateTime } from "../../src/lib/zoned-date-time";

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

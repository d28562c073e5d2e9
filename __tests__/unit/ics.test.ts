/** @jest-environment node */
import ICAL from "ical.js";
import { eventUid, foldLine, icsCalendar, icsText, icsTime } from "../../src/lib/ics";

const options = {
  prodId: "-//Tidewell Consulting//Website//EN",
  now: new Date("2026-11-25T10:00:00Z"),
  organizer: { name: "Tidewell Consulting", email: "sales@tidewell.example" },
};
const webinar = {
  uid: eventUid("/webinar/data-cloud-foundations", "https://www.tidewell.example"),
  title: "Data Cloud Foundations: one view, first use case",
  start: new Date("2026-12-03T16:00:00Z"),
  minutes: 60,
  description:
    "Join at https://www.tidewell.example/webinar/data-cloud-foundations; bring questions, please.\nSecond line",
  location: "Online",
  url: "https://www.tidewell.example/webinar/data-cloud-foundations",
};

describe("iCalendar files (RFC 5545)", () => {
  it("parses in an independent reader (ical.js) with the event's times, title and stable UID", () => {
    const text = icsCalendar([webinar], options);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe(options.prodId);
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(event.uid).toBe("webinar-data-cloud-foundations@www.tidewell.example");
    expect(event.summary).toBe(webinar.title);
    expect(event.description).toBe(webinar.description);
    expect(event.location).toBe("Online");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-03T16:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-03T17:00:00.000Z");
    expect(event.startDate.zone.tzid).toBe("UTC");
  });

  it("ends every line with CRLF and folds none longer than 75 octets, splitting no character", () => {
    const text = icsCalendar([{ ...webinar, title: `Überblick — ${"Agentforce ".repeat(12)}` }], options);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!).summary).toBe(
      `Überblick — ${"Agentforce ".repeat(12)}`,
    );
    expect(
      foldLine("x".repeat(150))
        .split("\r\n ")
        .map((l) => l.length),
    ).toEqual([75, 74, 1]);
  });

  it("escapes text and writes UTC times", () => {
    expect(icsText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    expect(icsTime(new Date("2026-09-17T16:00:00Z"))).toBe("20260917T160000Z");
  });

  it("gives an event the same UID in every file, so a second download updates the entry", () => {
    const first = icsCalendar([webinar], options);
    const second = icsCalendar([webinar], { ...options, now: new Date("2026-11-30T10:00:00Z") });
    const uid = (text: string) => /^UID:(.+)$/m.exec(text)![1].trim();
    expect(uid(first)).toBe(uid(second));
  });
});

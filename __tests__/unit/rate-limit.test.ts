import { budgetsOf, clientOf } from "../../src/server/rate-limit";

describe("the rate limit's client", () => {
  it("is an IPv4 address as it is", () => {
    expect(clientOf("192.0.2.1")).toBe("192.0.2.1");
  });

  it("is an IPv4-mapped IPv6 address's IPv4 address, however it is written", () => {
    expect(clientOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientOf("::FFFF:c000:0201")).toBe("192.0.2.1");
    expect(clientOf("0:0:0:0:0:ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("is an IPv6 address's /64, so a client cannot change bucket by changing address", () => {
    const bucket = "2001:db8:0:1::/64";
    for (const address of [
      "2001:db8:0:1::1",
      "2001:db8::1:0:0:0:2",
      "2001:0db8:0000:0001:ffff:ffff:ffff:ffff",
      "[2001:db8:0:1::3]",
      "2001:db8:0:1::4%eth0",
    ])
      expect(clientOf(address)).toBe(bucket);
    expect(clientOf("2001:db8:0:2::1")).not.toBe(bucket);
    expect(clientOf("::1")).toBe("0:0:0:0::/64");
  });

  it("is one client for anything else", () => {
    expect(clientOf(undefined)).toBe("unknown");
    expect(clientOf("not an address")).toBe("unknown");
  });
});

describe("the budgets", () => {
  it("give the comments and the moderation links three times the base, and CVs without the captcha a day", () => {
    const budgets = budgetsOf({ rateLimit: 10, rateWindowMs: 60_000, cvsWithoutCaptchaPerDay: 3 });
    expect(budgets.lead).toEqual({ limit: 10, windowMs: 60_000 });
    expect(budgets.book).toEqual({ limit: 10, windowMs: 60_000 });
    expect(budgets.subscription).toEqual({ limit: 10, windowMs: 60_000 });
    expect(budgets.comments).toEqual({ limit: 30, windowMs: 60_000 });
    expect(budgets.moderate).toEqual({ limit: 30, windowMs: 60_000 });
    expect(budgets["cv-without-captcha"]).toEqual({ limit: 3, windowMs: 86_400_000 });
  });
});

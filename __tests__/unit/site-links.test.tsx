import React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { navigate } from "gatsby";
import { followLinks } from "../../src/browser/links";
import { CurrentPath, SiteLink } from "../../src/components/ui/site-link";
import { isModifiedClick, sitePath } from "../../src/lib/site-links";

const here = "http://127.0.0.1:9000/about";
const link = (attribute: string, more: { target?: string; download?: boolean } = {}) => ({
  attribute,
  href: new URL(attribute, here).href,
  target: more.target ?? "",
  download: more.download ?? false,
});

describe("which links the site follows itself (src/lib/site-links.ts)", () => {
  it("lets the browser handle new-tab clicks", () => {
    const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
  });

  it("follows links to its own pages, with their query and fragment", () => {
    expect(sitePath(link("/pricing"), here)).toBe("/pricing");
    expect(sitePath(link("/blogs?page=2"), here)).toBe("/blogs?page=2");
    // a fragment of the same page, written as a path: scrolled to after 500 ms as on every page (spec §2)
    expect(sitePath(link("/about#Core-value"), here)).toBe("/about#Core-value");
    expect(sitePath(link("/webinar-Success-email"), here)).toBe("/webinar-Success-email");
  });

  it("leaves to the browser other sites, files, the functions, bare fragments, downloads and other targets", () => {
    expect(sitePath(link("https://calendly.com/tidewell"), here)).toBeNull();
    expect(sitePath(link("mailto:sales@tidewell.example"), here)).toBeNull();
    expect(sitePath(link("/rss.xml"), here)).toBeNull();
    expect(sitePath(link("/webinar/cpq.ics", { download: true }), here)).toBeNull();
    expect(sitePath(link("/api/subscription?action=confirm"), here)).toBeNull();
    expect(sitePath(link("/og/index.png"), here)).toBeNull();
    expect(sitePath(link("#main"), here)).toBeNull();
    expect(sitePath(link("#cookie-settings"), here)).toBeNull();
    expect(sitePath(link("/careers", { target: "_blank" }), here)).toBeNull();
  });
});

/** A pointer pressed (jsdom has no PointerEvent: a mouse event that says its pointer's type). */
const pressed = (pointerType: string) =>
  Object.assign(new MouseEvent("pointerdown", { bubbles: true }), { pointerType });

describe("the site's links (src/components/ui/site-link.tsx, src/browser/links.ts)", () => {
  let stop = () => {};
  beforeEach(() => {
    (navigate as jest.Mock).mockClear();
    stop = followLinks();
  });
  afterEach(() => {
    stop();
    document.head.querySelectorAll("link[rel=preload]").forEach((l) => l.remove());
  });

  function Nav() {
    return (
      <CurrentPath.Provider value="/pricing">
        <SiteLink to="/pricing">Pricing</SiteLink>
        <SiteLink to="/careers">Careers</SiteLink>
        <a href="https://calendly.com/tidewell">Book</a>
      </CurrentPath.Provider>
    );
  }

  it("are plain anchors; the one to the page shown says so", () => {
    render(<Nav />);
    expect(screen.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Careers" })).toHaveAttribute("href", "/careers");
    expect(screen.getByRole("link", { name: "Careers" })).not.toHaveAttribute("aria-current");
  });

  it("are followed without a page load once the page has hydrated; others are the browser's", () => {
    render(<Nav />);
    expect(fireEvent.click(screen.getByRole("link", { name: "Careers" }))).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/careers");
    // a click meant for a new tab, and a link to another site, go as the browser takes them
    expect(fireEvent.click(screen.getByRole("link", { name: "Careers" }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole("link", { name: "Book" }))).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("fetch a page's data ahead from a mouse's press or Enter on its link, once per page; a touch fetches nothing", () => {
    render(<Nav />);
    const careers = screen.getByRole("link", { name: "Careers" });
    fireEvent(careers, pressed("touch"));
    expect(document.head.querySelector("link[rel=preload]")).toBeNull();
    fireEvent(careers, pressed("mouse"));
    fireEvent.keyDown(careers, { key: "Enter" });
    fireEvent(screen.getByRole("link", { name: "Book" }), pressed("mouse"));
    const prefetched = [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=preload]")];
    expect(prefetched.map((l) => [l.getAttribute("href"), l.getAttribute("as"), l.crossOrigin])).toEqual([
      ["/page-data/careers/page-data.json", "fetch", "anonymous"],
    ]);
  });
});

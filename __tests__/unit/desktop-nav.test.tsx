import React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { DesktopNav } from "../../src/components/layout/desktop-nav";
import type { MenuItem } from "../../src/lib/menu";

// Issue 35: hover or focus opens a section's menu, and the toggle beside it must not then close it.

const items: MenuItem[] = [
  { name: "Products", path: "/products", sub: [{ name: "SmartSell", path: "/products/smartsell" }] },
  { name: "Pricing", path: "/pricing" },
];

const renderNav = () => {
  render(<DesktopNav items={items} pathname="/" />);
  const toggle = screen.getByRole("button", { name: "Products menu" });
  return { toggle, entry: toggle.closest("li")!, link: screen.getByRole("link", { name: "Products" }) };
};

describe("a desktop menu's toggle", () => {
  it("keeps open a menu that hover opened; a second press closes it", () => {
    const { toggle, entry } = renderNav();
    fireEvent.mouseEnter(entry);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  it("keeps open a menu that focus opened, and Escape closes it and returns focus to the link", () => {
    const { toggle, link } = renderNav();
    act(() => link.focus());
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    act(() => toggle.focus());
    fireEvent.click(toggle); // Enter or Space on a button
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.keyDown(toggle, { key: "Escape" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(link).toHaveFocus();
  });

  it("opens a closed menu at once, and the next press closes it", () => {
    const { toggle } = renderNav();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("starts over when the pointer leaves: hover, then the toggle, keeps it open again", () => {
    const { toggle, entry } = renderNav();
    fireEvent.click(toggle);
    fireEvent.mouseLeave(entry);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.mouseEnter(entry);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
  });
});

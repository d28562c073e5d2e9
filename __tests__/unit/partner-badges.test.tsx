import React from "react";
import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import path from "path";
import { render, screen, within } from "@testing-library/react";
import partners from "../../content/partners.json";
import { BADGE_HEIGHT, BADGE_WIDTH, PartnerBadges } from "../../src/components/sections/partner-badges";
import { onCreateNode } from "../../src/node/on-create-node";

// Each partnership is shown as a badge drawn for this site (content/badges/), named in words: these are the rules
// a new badge must keep. The browser test (__tests__/e2e/partner-badges.spec.ts) checks them on the built pages.
const content = path.resolve(__dirname, "../../content");
const MAX_BYTES = 2500;
const FONTS = "system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif";
const attribute = (svg: string, name: string) => new RegExp(`<svg\\b[^>]*\\s${name}="([^"]*)"`).exec(svg)?.[1];

describe("partner badges: the files", () => {
  it.each(partners.map((p) => [p.name, p.badge] as const))("%s has its badge, %s", (name, badge) => {
    const file = path.resolve(content, badge);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(MAX_BYTES);
    const svg = readFileSync(file, "utf8");
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(/<title>([^<]*)<\/title>/.exec(svg)?.[1]).toBe(name);
    // the size the component reserves for it, and a viewBox of that ratio so nothing is stretched or cropped
    expect(attribute(svg, "width")).toBe(String(BADGE_WIDTH));
    expect(attribute(svg, "height")).toBe(String(BADGE_HEIGHT));
    expect(attribute(svg, "viewBox")).toBe(`0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}`);
    // nothing that runs, nothing fetched, no embedded font: system fonts only
    expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=|javascript:|@font-face|@import|<style/i);
    expect([...svg.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).filter((h) => !h.startsWith("#"))).toEqual([]);
    expect([...svg.matchAll(/font-family="([^"]*)"/g)].map((m) => m[1]).filter((f) => f !== FONTS)).toEqual([]);
  });

  it("has no badge left over that no partnership uses", () => {
    const used = new Set(partners.map((p) => path.resolve(content, p.badge)));
    const files = readdirSync(path.join(content, "badges")).map((f) => path.join(content, "badges", f));
    expect(files.filter((f) => !used.has(f))).toEqual([]);
  });
});

describe("partner badges: the build", () => {
  function createPartnersNode(fields: Record<string, unknown>) {
    const file = {
      id: "file-1",
      internal: { type: "File" },
      absolutePath: path.join(content, "partners.json"),
      relativePath: "partners.json",
      sourceInstanceName: "content",
    };
    const reporter = { panicOnBuild: jest.fn() };
    const args = {
      node: { id: "json-1", parent: "file-1", internal: { type: "PartnersJson" }, ...fields },
      getNode: (id: string) => (id === "file-1" ? file : undefined),
      actions: { createNode: jest.fn(), createParentChildLink: jest.fn() },
      reporter,
      createNodeId: (s: string) => s,
      createContentDigest: () => "digest",
    };
    (onCreateNode as unknown as (a: typeof args) => void)(args);
    return reporter.panicOnBuild;
  }

  it("accepts every partnership as written", () => {
    for (const p of partners) expect(createPartnersNode(p)).not.toHaveBeenCalled();
  });

  it("stops on a badge whose file is missing, naming the file", () => {
    expect(createPartnersNode({ ...partners[0], badge: "./badges/missing.svg" })).toHaveBeenCalledWith(
      'content/partners.json: field "badge" must be an SVG file that exists (no file at ./badges/missing.svg), got "./badges/missing.svg"',
    );
  });

  it("stops on a partnership without a badge, or with a badge that is not an SVG", () => {
    const { badge: _badge, ...without } = partners[0];
    expect(createPartnersNode(without)).toHaveBeenCalledWith(
      expect.stringMatching(/^content\/partners\.json: field "badge" must be given/),
    );
    expect(createPartnersNode({ ...partners[0], badge: "./badges/salesforce.png" })).toHaveBeenCalledWith(
      expect.stringMatching(/field "badge" must be a path to an \.svg file/),
    );
  });
});

describe("<PartnerBadges>", () => {
  const items = partners.map((p) => ({ ...p, badge: { publicURL: `/static/abc/${path.basename(p.badge)}` } }));

  it("shows each partnership as a badge image named by its alt text, with its size reserved", () => {
    render(<PartnerBadges items={items} />);
    const list = screen.getByRole("list", { name: "Partnerships" });
    const images = within(list).getAllByRole("img");
    expect(images.map((img) => img.getAttribute("alt"))).toEqual(partners.map((p) => p.name));
    for (const img of images) {
      expect(img).toHaveAttribute("width", String(BADGE_WIDTH));
      expect(img).toHaveAttribute("height", String(BADGE_HEIGHT));
      expect(img).toHaveAttribute("loading", "lazy");
      expect(img).toHaveAttribute("decoding", "async");
      expect(img.getAttribute("src")).toMatch(/^\/static\/abc\/[a-z-]+\.svg$/);
    }
    for (const p of partners) expect(screen.getByText(p.detail)).toBeInTheDocument();
  });

  it("shows the badges alone in the compact list beside the contact form", () => {
    render(<PartnerBadges items={items} compact />);
    expect(screen.getAllByRole("img")).toHaveLength(partners.length);
    expect(screen.queryByText(partners[0].detail)).toBeNull();
  });
});

/** @jest-environment node */
// static/favicon.ico: browsers and crawlers ask for /favicon.ico whatever a page's <link rel="icon"> says, and the
// build makes none (gatsby-plugin-manifest writes favicon-32x32.png, favicon.svg and icons/). The file is made once,
// not by each build; these checks hold it to what it claims to be and to the drawing it was made from, so a new
// src/images/icon.svg without a new favicon.ico fails here. The command that makes it is in the message of the
// commit that last changed it (`git log static/favicon.ico`).
import { readFileSync } from "fs";
import path from "path";
import sharp from "sharp";

const root = path.join(__dirname, "../..");
const ico = readFileSync(path.join(root, "static/favicon.ico"));

/** The ICO's directory: each image's size as the directory gives it (0 stands for 256), and its bytes. */
const images = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
  const entry = 6 + 16 * i;
  const offset = ico.readUInt32LE(entry + 12);
  return {
    width: ico[entry] || 256,
    height: ico[entry + 1] || 256,
    bytes: ico.subarray(offset, offset + ico.readUInt32LE(entry + 8)),
  };
});

/** The pixels of src/images/icon.svg at `size` px, drawn as gatsby-plugin-manifest draws favicon-32x32.png. */
const drawn = (size: number) =>
  sharp(path.join(root, "src/images/icon.svg"), { density: size })
    .resize({ width: size, height: size, fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .ensureAlpha()
    .raw()
    .toBuffer();

describe("static/favicon.ico", () => {
  it("is an icon file (ICO, type 1) of a 16 and a 32 px image, laid end to end after its directory", () => {
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(images.map(({ width, height }) => `${width}x${height}`)).toEqual(["16x16", "32x32"]);
    const end = 6 + 16 * images.length + images.reduce((sum, { bytes }) => sum + bytes.length, 0);
    expect(end).toBe(ico.length);
  });

  it.each([0, 1])("holds image %i as a PNG of the size its directory entry claims", async (i) => {
    const { width, height, bytes } = images[i];
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width, height });
  });

  it.each([0, 1])("holds image %i as src/images/icon.svg drawn at its size", async (i) => {
    const { width, bytes } = images[i];
    const [stored, fresh] = await Promise.all([sharp(bytes).ensureAlpha().raw().toBuffer(), drawn(width)]);
    expect(stored.length).toBe(fresh.length);
    // on average within 2 of 255 a channel: a later libvips may shade an edge differently, a new drawing or colour
    // moves far more
    const difference = stored.reduce((sum, value, j) => sum + Math.abs(value - fresh[j]), 0) / stored.length;
    expect(difference).toBeLessThanOrEqual(2);
  });
});

import type { GatsbyNode } from "gatsby";
import { copyFile, mkdir } from "fs/promises";
import { createRequire } from "module";
import path from "path";

// resolved from the site's folder at run time (Parcel, which compiles gatsby-node, would bundle a require.resolve)
const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;

// Files the site serves as they are published in node_modules, under /vendor/, so that they load only when a
// component asks for them (src/lib/script-loader.ts) instead of joining the CSS every page carries inline.
// The build copies them into public/; `gatsby develop` serves them from node_modules.
export const VENDOR_FILES: Record<string, string> = {
  // the consent banner's stylesheet (src/components/consent/consent-ui.ts); themed in src/styles/global.css
  "/vendor/cookieconsent.css": resolve("vanilla-cookieconsent/dist/cookieconsent.css"),
};

export async function copyVendorFiles(publicDir: string): Promise<void> {
  for (const [url, file] of Object.entries(VENDOR_FILES)) {
    const target = path.join(publicDir, url);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file, target);
  }
}

type DevServerArgs = Parameters<NonNullable<GatsbyNode["onCreateDevServer"]>>[0];

/** `gatsby develop`: the same URLs, straight from node_modules. */
export function serveVendorFiles({ app }: Pick<DevServerArgs, "app">): void {
  for (const [url, file] of Object.entries(VENDOR_FILES))
    app.get(url, (_req: unknown, res: { sendFile(file: string): void }) => res.sendFile(file));
}

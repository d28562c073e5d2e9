// Debian's browsers that `npm test` drives, how each is found and which packages bring it: Chromium for the
// Playwright suite, and Chromium, Firefox ESR and WebKitGTK for the cross-engine journeys (docs/browsers.md). No
// test downloads a browser: run as root where apt is (a CI machine), a missing one is installed from Debian.
import { spawnSync } from "child_process";
import { accessSync, constants, existsSync } from "fs";
import path from "path";

export const ENGINES = {
  chromium: {
    name: "Chromium",
    env: "CHROME_PATH",
    commands: ["chromium", "chromium-browser"],
    // the journeys drive it through Debian's chromedriver (WebdriverIO), which must match it: one comes with the other
    needs: ["chromedriver"],
    packages: ["chromium", "chromium-driver"],
  },
  firefox: { name: "Firefox ESR", commands: ["firefox-esr"], packages: ["firefox-esr"] },
  // MiniBrowser, started by WebKitWebDriver, has no headless mode: it runs on Xvfb's display
  webkit: {
    name: "WebKitGTK",
    commands: ["WebKitWebDriver"],
    needs: ["Xvfb"],
    packages: ["webkit2gtk-driver", "xvfb"],
  },
};

/** Where `command` is on PATH, or null. */
export function onPath(command) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const full = path.join(dir, command);
    try {
      accessSync(full, constants.X_OK);
      return full;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** The engine's executable, or null when it, or what it needs beside it, is not installed. */
export function locate(id) {
  const { env, commands, needs = [] } = ENGINES[id];
  const given = env && process.env[env];
  const found = given && existsSync(given) ? given : commands.map(onPath).find(Boolean);
  return found && needs.every(onPath) ? found : null;
}

/** The apt command that installs the engine. */
export const installCommand = (id) => `sudo apt-get install -y ${ENGINES[id].packages.join(" ")}`;

/**
 * `{ path }` of the engine's executable, installed first with apt when it is missing and this runs as root where
 * apt is; otherwise `{ missing }`, a sentence that names the engine and the command that installs it.
 */
export function ensure(id) {
  const found = locate(id);
  if (found) return { path: found };
  const { name, packages } = ENGINES[id];
  if (process.getuid?.() === 0 && onPath("apt-get")) {
    console.log(`No ${name} found: installing Debian's ${packages.join(", ")}.`);
    const apt = (args) =>
      spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
        .status === 0;
    if (apt(["update", "-qq"]) && apt(["install", "-y", "-qq", ...packages])) {
      const installed = locate(id);
      if (installed) return { path: installed };
    }
  }
  return { missing: `${name} is not installed: ${installCommand(id)}` };
}

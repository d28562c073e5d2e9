// The three engines, each started by WebdriverIO with Debian's binaries: Chromium and Firefox ESR over WebDriver
// BiDi (bidi-driver.ts), WebKitGTK over classic WebDriver (webkit-driver.ts). run.ts starts one after the other.
import path from "path";
import { ensure, onPath, type EngineId } from "../../scripts/browsers.mjs";
import { startBidi } from "./bidi-driver";
import type { Driver } from "./driver";
import { startWebKit } from "./webkit-driver";

/** One engine, started: each journey opens a fresh page in it (cookies, storage and cache empty) with or without script. */
export interface EngineRunner {
  version(): Promise<string>;
  /** `duringLoad`: the journey holds the site's scripts back, so no page of it fires its load event meanwhile */
  open(script: boolean, duringLoad: boolean): Promise<Driver>;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** the site as the browsers see it, which is also their proxy to the third parties */
  origin: string;
  proxyPort: number;
  webDriverPort: number;
  dataDir: string;
  /** the page's alerts, which no journey expects */
  alerts: string[];
}

export const ENGINE_IDS: EngineId[] = ["chromium", "firefox", "webkit"];

/** Starts an engine, or says which is missing and how to install it (as root with apt: installs it first). */
export async function startEngine(id: EngineId, options: EngineOptions): Promise<EngineRunner | { missing: string }> {
  const found = ensure(id);
  if ("missing" in found) return found;
  const { origin, proxyPort, alerts } = options;
  const dataDir = path.join(options.dataDir, id);
  if (id === "webkit") return startWebKit(found.path, { origin, proxyPort, port: options.webDriverPort, dataDir });
  const chromedriver = onPath("chromedriver") ?? undefined;
  return startBidi(id, found.path, { chromedriver, origin, proxyPort, alerts, dataDir });
}

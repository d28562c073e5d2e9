import path from "path";
import { ensure, type EngineId } from "../../scripts/browsers.mjs";
import type { Driver } from "./driver";
import { startPuppeteer } from "./puppeteer-driver";
import { startWebKit } from "./webdriver-driver";

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
  if (id === "webkit")
    return startWebKit(found.path, {
      origin,
      proxyPort,
      port: options.webDriverPort,
      dataDir: path.join(options.dataDir, "webkit"),
    });
  return startPuppeteer(id, found.path, { origin, proxyPort, alerts });
}

// GET /api/comments?path=/blog/…: a post's approved comments, for those approved since the page was built
// (docs/store.md#comments). Its logic is src/server/comments-handler.ts; `context.ip` is the rate limit's client.
import type { Config } from "@netlify/functions";
import site from "../../content/site.json";
import { createCommentsHandler } from "../../src/server/comments-handler";
import { readSettings } from "../../src/server/config";
import { createLimiter } from "../../src/server/rate-limit";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();
const store = () => openStore(env);
const settings = readSettings(env, site.siteUrl, site.emails.sales);

export default createCommentsHandler({ store, limiter: createLimiter({ store, settings }) });

export const config: Config = { path: "/api/comments" };

// GET /api/comments?path=/blog/…: a post's approved comments, for those approved since the page was built
// (docs/store.md#comments). Its logic is src/server/comments-handler.ts.
import type { Config } from "@netlify/functions";
import { createCommentsHandler } from "../../src/server/comments-handler";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();

export default createCommentsHandler({ store: () => openStore(env) });

export const config: Config = { path: "/api/comments" };

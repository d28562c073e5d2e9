// The moderation links' page, /api/moderate: GET shows a comment and one button, POST approves or rejects it
// (src/server/moderate-handler.ts). Settings are read at run time.
import type { Config } from "@netlify/functions";
import { createModerateHandler } from "../../src/server/moderate-handler";
import { runtimeEnv } from "../../src/server/secret-env";
import { openStore } from "../../src/server/store/open-store";

const env = runtimeEnv();

export default createModerateHandler({ store: () => openStore(env), secret: env.MODERATION_SECRET });

export const config: Config = { path: "/api/moderate" };

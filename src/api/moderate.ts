import { createModerateHandler } from "../server/moderate-handler";
import { runtimeEnv } from "../server/secret-env";
import { openStore } from "../server/store/open-store";

// The moderation links' page: GET shows a comment and one button, POST approves or rejects it.
// Settings are read at run time (src/server/secret-env.ts).
const env = runtimeEnv();
export default createModerateHandler({ store: () => openStore(env), secret: env.MODERATION_SECRET });

import { runtimeEnv } from "../server/secret-env";
import { openStore } from "../server/store/open-store";
import { createSubscriptionHandler } from "../server/subscription";

// A subscriber's Confirm and Unsubscribe links: GET shows one button, POST (it, or a mail program's one click) acts.
// Settings are read at run time (src/server/secret-env.ts).
const env = runtimeEnv();
export default createSubscriptionHandler({
  store: () => openStore(env),
  secret: env.MODERATION_SECRET,
  hashSecret: env.LEAD_HASH_SECRET,
});

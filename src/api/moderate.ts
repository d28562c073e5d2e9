import { createModerateHandler } from "../server/moderate-handler";
import { functionStore } from "../server/store/function-store";

// The moderation links' page: GET shows a comment and one button, POST approves or rejects it (README: comments).
const env = globalThis.process.env;
export default createModerateHandler({
  store: functionStore(env, process.env.NETLIFY_DB_URL),
  secret: env.MODERATION_SECRET,
});

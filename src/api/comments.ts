import { createCommentsHandler } from "../server/comments-handler";
import { functionStore } from "../server/store/function-store";

// A post's approved comments, for those approved since the page was built (README: comments).
export default createCommentsHandler({ store: functionStore(globalThis.process.env, process.env.NETLIFY_DB_URL) });

import { createCommentsHandler } from "../server/comments-handler";
import { runtimeEnv } from "../server/secret-env";
import { functionStore } from "../server/store/function-store";

// A post's approved comments, for those approved since the page was built (docs/store.md#comments).
export default createCommentsHandler({ store: functionStore(runtimeEnv()) });

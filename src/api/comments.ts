import { createCommentsHandler } from "../server/comments-handler";
import { runtimeEnv } from "../server/secret-env";
import { openStore } from "../server/store/open-store";

// A post's approved comments, for those approved since the page was built (docs/store.md#comments).
const env = runtimeEnv();
export default createCommentsHandler({ store: () => openStore(env) });

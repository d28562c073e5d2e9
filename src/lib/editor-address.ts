/**
 * Where the editor at /admin/ reaches Decap's local backend, on the local servers only (src/server/editor-backend.ts).
 * A module of its own, not constants.ts: visitor pages import that one, and webpack groups their shared code by the
 * modules' source sizes, so a line added there moved visitor code between chunks.
 */
export const EDITOR_LOCAL_BACKEND = "/admin/api/v1";

// What the build tells the editor's bundle of the repository it saves to (src/node/editor.ts).
declare const EDITOR_REPOSITORY: string;
declare const EDITOR_BRANCH: string;

// decap-server's middleware, as the local servers mount it (src/server/editor-backend.ts); the package has no types
declare module "decap-server/dist/middlewares" {
  export function registerLocalFs(app: unknown, options: { logLevel?: string }): Promise<void>;
}

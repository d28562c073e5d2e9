// Build-time hooks live in src/node/, one module per concern.
export { createSchemaCustomization } from "./src/node/schema";
export { onCreateNode, shouldOnCreateNode } from "./src/node/on-create-node";
export { createPages } from "./src/node/create-pages";
export { onPostBuild } from "./src/node/on-post-build";
export { onCreateWebpackConfig } from "./src/node/webpack-config";
export { onPreBuild } from "./src/node/submissions-store";
export { sourceNodes } from "./src/node/comments";
export { onCreateDevServer } from "./src/node/dev-server";

import { runInTasks } from "./run-in-tasks";

/*
 * The browser's entry point, in place of Gatsby's own (.cache/production-app, set in src/node/webpack-config.ts).
 * Gatsby's entry evaluates every module of the app chunk (React DOM, Gatsby's loader and router, the layout) and
 * asks for the page's data in one task of 18-34 ms here, four times that on the phone Lighthouse simulates: one
 * of the two longest tasks of a page's load. Here the same modules are evaluated in three tasks; webpack
 * evaluates a module once, so when Gatsby's entry runs in the third it finds the first two done and starts
 * exactly as it did.
 * `require` (not `import`, which would be hoisted and evaluated at once) keeps each group out of the first task.
 */
runInTasks([() => require("react-dom/client"), () => require("../root"), () => require("gatsby-production-app")]);

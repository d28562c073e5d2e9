/**
 * Secrets are read at run time only, never built into code:
 * - the functions (netlify/functions) read their environment when they run (`runtimeEnv`); Netlify bundles them with
 *   zip-it-and-ship-it, which leaves `process.env` alone, and gives them their variables at run time
 *   (docs/deploying.md);
 * - the build process keeps no secret in its environment, so none reaches Gatsby's caches, its webpack bundles or
 *   their caches: src/node/submissions-store.ts moves them out when Gatsby loads gatsby-node.ts and hands them to the
 *   build's own code (migrations, comments). `gatsby develop`'s functions run with that process's environment, so
 *   without them.
 * A test builds with fake secrets and searches every output for them (scripts/secret-scan.mjs).
 */
export type Env = Record<string, string | undefined>;

/** The variables that hold credentials; and any name that says it is one (GATSBY_ variables are public by design). */
export const SECRET_NAMES = [
  "DATABASE_URL",
  "NETLIFY_DB_URL",
  "TEST_DATABASE_URL",
  "SMTP_URL",
  "LEAD_WEBHOOK_URL",
  "MODERATION_SECRET",
  "LEAD_HASH_SECRET",
  "RECAPTCHA_SECRET_KEY",
  // Netlify Blobs' context (a token within): read by @netlify/blobs at run time (src/server/store/cv-files.ts)
  "NETLIFY_BLOBS_CONTEXT",
] as const;
const LOOKS_SECRET = /SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|CREDENTIAL/i;

export const isSecretName = (name: string) =>
  !name.startsWith("GATSBY_") && ((SECRET_NAMES as readonly string[]).includes(name) || LOOKS_SECRET.test(name));

/** This process's environment as it is when the code runs (the bundler leaves `globalThis.process` alone). */
export const runtimeEnv = (): Env => globalThis.process.env;

/** Moves every secret out of `env`; returns `env` as it was, secrets included. */
export function withholdSecrets(env: Env = runtimeEnv()): Env {
  const whole = { ...env };
  for (const name of Object.keys(env)) if (isSecretName(name)) delete env[name];
  return whole;
}

/**
 * Secrets are read at run time only, never built into code. Gatsby compiles the functions (src/api) with
 * webpack's DefinePlugin given every variable of the build's environment, so any `process.env.X` a function or a
 * library it bundles reads becomes the build's literal value, in `.cache/functions/*.js` (which the Netlify adapter
 * deploys) and in webpack's cache. So the build process keeps no secret in its environment: gatsby-config.ts moves
 * them aside before anything compiles, the build's own code (comments, migrations) reads them from here, and so do
 * the functions that `gatsby develop` runs in the same process. On Netlify the functions read theirs from their own
 * environment at run time (docs/deploying.md). A test builds with fake secrets and searches every output for them
 * (scripts/secret-scan.mjs).
 */
type Env = Record<string, string | undefined>;

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
] as const;
const LOOKS_SECRET = /SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|CREDENTIAL/i;

export const isSecretName = (name: string) =>
  !name.startsWith("GATSBY_") && ((SECRET_NAMES as readonly string[]).includes(name) || LOOKS_SECRET.test(name));

const WITHHELD = Symbol.for("tidewell.withheld-secrets");
type WithWithheld = typeof globalThis & { [WITHHELD]?: Env };

/** Moves every secret out of `env` (the build process's own) into this process's memory; returns their names. */
export function withholdSecrets(env: Env = globalThis.process.env): string[] {
  const held = ((globalThis as WithWithheld)[WITHHELD] ??= {});
  const names = Object.keys(env).filter((name) => isSecretName(name) && env[name] !== undefined);
  for (const name of names) {
    held[name] = env[name];
    delete env[name];
  }
  return names;
}

/** The environment with the secrets this process withheld from it: what build-time code and dev functions read. */
export function runtimeEnv(env: Env = globalThis.process.env): Env {
  return { ...env, ...(globalThis as WithWithheld)[WITHHELD] };
}

// `node scripts/secret-scan.mjs`: builds the site with fake credentials in every secret variable and fails when
// any file under public/, .cache/ or .netlify/ holds one of them (src/server/secret-env.ts says how the build keeps
// them out). `--no-build` only searches the outputs for the values given with `--value` (repeatable).
import { spawnSync } from "child_process";
import { randomBytes } from "crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import path from "path";
import { parseArgs } from "util";

const OUTPUTS = ["public", ".cache", ".netlify"];

/** Every file below `dir` (links are not followed). */
function* filesBelow(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesBelow(full);
    else if (entry.isFile()) yield full;
  }
}

/** The files under the build's outputs that contain any of `values`, with which. */
export function findSecrets(root, values) {
  const needles = values.map((v) => Buffer.from(v));
  const found = [];
  for (const output of OUTPUTS) {
    const dir = path.join(root, output);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const file of filesBelow(dir)) {
      const bytes = readFileSync(file);
      const hits = values.filter((_, i) => bytes.includes(needles[i]));
      if (hits.length) found.push({ file: path.relative(root, file), hits });
    }
  }
  return found;
}

/** Fake credentials, one per secret variable, each with a mark no real file holds by chance. */
export function fakeSecrets() {
  const mark = () => `FAKE${randomBytes(9).toString("hex")}`;
  return {
    NETLIFY_DB_URL: `postgres://tidewell:${mark()}@127.0.0.1:9/tidewell`,
    MODERATION_SECRET: mark(),
    LEAD_HASH_SECRET: mark(),
    RECAPTCHA_SECRET_KEY: mark(),
    SMTP_URL: `smtp://mailer:${mark()}@127.0.0.1:9`,
    LEAD_WEBHOOK_URL: `https://hooks.invalid/${mark()}`,
    SOME_API_TOKEN: mark(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { "no-build": { type: "boolean" }, value: { type: "string", multiple: true } },
  });
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  let secrets = values.value ?? [];
  if (!values["no-build"]) {
    const fakes = fakeSecrets();
    secrets = Object.values(fakes);
    console.log(`building with fake values in ${Object.keys(fakes).join(", ")}…`);
    const build = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, ...fakes, DATABASE_URL: "", GATSBY_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) {
      console.error("the build failed");
      process.exit(1);
    }
  }
  const found = findSecrets(root, secrets);
  for (const { file, hits } of found) console.error(`${file} holds ${hits.length} of the secrets`);
  console.log(found.length ? `secrets found in ${found.length} files` : `no secret in ${OUTPUTS.join(", ")}`);
  process.exit(found.length ? 1 : 0);
}

// Netlify's own local emulation (@netlify/dev's NetlifyDev: static files, headers, redirects, Blobs; and its
// functions part, @netlify/functions-dev: netlify/functions bundled and invoked as Netlify does), with the glue that
// puts it behind a Node HTTP server: `npm start` and every browser test (scripts/serve.mjs), `gatsby develop`'s /api
// (src/node/dev-server.ts), and a command that reads CVs (store/cv-files.ts). docs/architecture.md says which part
// comes from where. What the glue adds, each because the emulation does otherwise than Netlify:
//   - the client's address as Netlify's edge gives it (the function's `context.ip`);
//   - a binary body base64-encoded on its way to a function, as Netlify encodes it: @netlify/dev 5.1 reads every
//     body as text and then marks a binary one as base64, so a file's bytes arrived broken (a CV's PDF);
//   - Netlify's limit of a function's buffered body (6 MB as it reaches the function, base64 included), which the
//     emulation does not keep: the site's own limits are tested against what production lets through; its 413, as
//     every answer the glue makes itself, carries the security headers (security-headers.ts);
//   - the 404 page for a path nothing answers, as Netlify serves it, and for a scheduled function's address: on
//     Netlify one runs only on its schedule, never by a request, while the emulation runs it for any (a GET mailed
//     the weekly report); `npm run leads -- run NAME` runs one on purpose;
//   - a line "function error: …" when a function threw, or its worker ended in an uncaught exception or an
//     unhandled rejection, which fails the browser tests;
//   - at most a few functions invoked at once, the others waiting their turn, and a 503 with Retry-After for one that
//     waited too long: the emulation starts a worker for every request at once, and fifty of them on two cores each
//     took longer than the platform's 30 s, a 500 (docs/store.md#under-load). On Netlify each request has an
//     instance of its own. Like every function's answer, that 503 is a page of the site's look to a browser's own
//     request (a form posted without script, a link followed) and JSON to script's.
// The functions bundled once and a scheduled function's address reach into members @netlify/functions-dev keeps
// private (`internalsOf`): package.json pins it and @netlify/dev exactly, and the emulation checks them at start.
// The store is not the emulation's: see docs/store.md#the-embedded-store.
import type { IncomingMessage, ServerResponse } from "http";
import { readdir, readFile, rm } from "fs/promises";
import os from "os";
import path from "path";
import { Readable } from "stream";
import type { OriginAnswer } from "./edge-cache";
import { FORM_PAGE_HEADERS, messagePage } from "./form-pages";
import { viaOf } from "./lead-read";
import { PLATFORM_BODY_BYTES } from "./multipart";
import { pageCameFrom } from "./page-shell";
import { htmlAnswer, jsonAnswer, ownAnswer } from "./security-headers";
import { CV_STORE_NAME, cvFilesOf, remoteCvFiles, type CvFiles } from "./store/cv-files";

export interface Emulation {
  /** answers a request as Netlify would, the 404 page when nothing of the site answers it */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** the same answer, and whether it is a static file's (what Netlify's CDN keeps: edge-cache.ts) */
  respond(req: IncomingMessage): Promise<OriginAnswer>;
  stop(): Promise<void>;
}

const OFF = { enabled: false } as const;

/** The body as the function will be given it, or null when it is over the platform's limit. */
async function bodyOf(req: IncomingMessage, base64: boolean): Promise<Uint8Array | string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if ((base64 ? Math.ceil(size / 3) * 4 : size) > PLATFORM_BODY_BYTES) {
      req.resume();
      return null;
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  return base64 ? bytes.toString("base64") : new Uint8Array(bytes);
}

/** Writes `response` as the answer to `res` (scripts/serve.mjs writes its own answers with it too). */
export async function send(res: ServerResponse, response: Response) {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (response.body && res.req.method !== "HEAD") Readable.fromWeb(response.body as never).pipe(res);
  else res.end();
}

/** Function invocations at once: one a core (a worker loads the function's bundle, seconds of one core's time). */
export const INVOCATIONS_AT_ONCE = Math.max(2, os.availableParallelism());
/** How long a request waits for its turn before it is refused (503), and the Retry-After it is told. */
export const INVOCATION_WAIT_MS = 30_000;
export const BUSY_RETRY_AFTER_S = 10;

/**
 * Whether a request is the browser's own, a form posted without script (the form endpoint's rule, lead-read.ts) or a
 * link followed, which the functions answer with a page; script's asks for JSON.
 */
export const browsersOwn = (request: Request) =>
  viaOf(request) === "form" ||
  ((request.method === "GET" || request.method === "HEAD") &&
    /\btext\/html\b/i.test(request.headers.get("accept") ?? ""));

/**
 * The answer to a request that waited too long for its turn: when to come back, in a page of the site's look to a
 * browser's own request, with its ways back (form-pages.tsx, page-shell.tsx), and in JSON to script's.
 */
export function busyAnswer(request: Request): Response {
  const more = { "Retry-After": String(BUSY_RETRY_AFTER_S), "Cache-Control": "no-store" };
  if (!browsersOwn(request))
    return jsonAnswer(503, { error: "The server is busy; please try again shortly", field: "busy" }, more);
  const page = messagePage(
    "The site is busy",
    request.method === "POST"
      ? `The server had more to do at once than it can, so nothing was sent. Go back with your browser's Back button, where what you typed is still in the form, and send it again in ${BUSY_RETRY_AFTER_S} seconds.`
      : `The server had more to do at once than it can, so this page could not be opened. Please open it again in ${BUSY_RETRY_AFTER_S} seconds.`,
    "/",
    // the site and its functions are on one origin here
    pageCameFrom(request.headers.get("referer"), new URL(request.url).origin),
  );
  return htmlAnswer(503, page, { ...FORM_PAGE_HEADERS, ...more });
}

/**
 * At most `limit` invocations at once, in the order they came; one that waits `waitMs` for its turn gets null.
 * The emulation would start every request's worker at once: fifty loading a bundle on two cores took minutes, past
 * the 30 s in which a function must answer, so each answered 500 (lambda-local's timeout).
 */
export function invocationGate(limit: number, waitMs: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function invoke<T>(work: () => Promise<T>): Promise<T | null> {
    if (running < limit) running++;
    else {
      const turn = await new Promise<boolean>((resolve) => {
        const go = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(go), 1);
          resolve(false);
        }, waitMs);
        waiting.push(go);
      });
      if (!turn) return null;
    }
    try {
      return await work();
    } finally {
      // the slot passes to the next in line, or is free
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** What a function's worker ends with: an Error, or lambda-local's plain object for a throw or a timeout. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (error && typeof error === "object") {
    const { errorType, errorMessage, name, message } = error as Record<string, unknown>;
    if (errorType !== undefined || errorMessage !== undefined) return `${String(errorType)}: ${String(errorMessage)}`;
    if (name !== undefined || message !== undefined) return `${String(name)}: ${String(message)}`;
  }
  try {
    return `a throw of ${JSON.stringify(error) ?? String(error)}`;
  } catch {
    return `a throw of ${String(error)}`;
  }
}

/** A function as @netlify/functions-dev's registry holds it (its class, NetlifyFunction, is not exported). */
interface RegisteredFunction {
  getBuildData(): Promise<unknown>;
  isScheduled(): Promise<boolean>;
}

/**
 * What the emulation reaches into of @netlify/functions-dev's FunctionsHandler: fields its types mark private, not
 * its API. package.json pins the package exactly, and `internalsOf` checks each of them at start, so that a release
 * that renames one stops the server with their names instead of bringing back a bundle made anew for each request.
 */
interface HandlerInternals {
  /** the folder a request's bundle is made in; cleared, so that a request runs the bundle made at start */
  globalBuildDirectory: string | undefined;
  /** the registry's first scan of netlify/functions: each function found is bundled once */
  scan: Promise<void>;
  registry: {
    functions: Map<string, RegisteredFunction>;
    /** the registry's own match of a path to a function, as the handler's public `match` finds it */
    getFunctionForURLPath(path: string, method: string): Promise<{ func?: { name: string } | null } | undefined>;
    get(name: string): RegisteredFunction | undefined;
  };
}

const isFunction = (value: unknown) => typeof value === "function";

/**
 * The handler's private members the emulation uses, each checked as the pinned version has it; throws, naming every
 * one that is missing or changed.
 */
export function internalsOf(handler: object, buildDirectory: string): HandlerInternals {
  const internals = handler as Partial<HandlerInternals>;
  const registry = (internals.registry ?? {}) as Partial<HandlerInternals["registry"]>;
  const checks: [string, boolean][] = [
    ["FunctionsHandler.globalBuildDirectory (the bundle folder)", internals.globalBuildDirectory === buildDirectory],
    ["FunctionsHandler.scan (a promise)", internals.scan instanceof Promise],
    ["FunctionsHandler.registry.functions (a Map)", registry.functions instanceof Map],
    ["FunctionsHandler.registry.getFunctionForURLPath()", isFunction(registry.getFunctionForURLPath)],
    ["FunctionsHandler.registry.get()", isFunction(registry.get)],
  ];
  return assertInternals(checks, handler as HandlerInternals);
}

/** A registered function's members the emulation uses, checked as `internalsOf` checks the handler's. */
export function functionInternals(func: RegisteredFunction) {
  return assertInternals(
    [
      ["NetlifyFunction.getBuildData()", isFunction(func.getBuildData)],
      ["NetlifyFunction.isScheduled()", isFunction(func.isScheduled)],
    ],
    func,
  );
}

function assertInternals<T>(checks: [string, boolean][], value: T): T {
  const missing = checks.filter(([, ok]) => !ok).map(([name]) => name);
  if (missing.length)
    throw new Error(
      `The local emulation (src/server/netlify-emulation.ts) uses members of @netlify/functions-dev that are not ` +
        `its public API, and the installed version lacks them or has changed them: ${missing.join(", ")}. ` +
        `package.json pins the version they were read from; change the emulation along with the pin.`,
    );
  return value;
}

/**
 * The functions part of the emulation (@netlify/functions-dev, what NetlifyDev runs), as netlify-cli runs it: each
 * function bundled when it is found and again when one of its files changes, then invoked in a worker per request.
 * NetlifyDev's own `handle` bundles a function anew into a folder of its own for every request and removes the folder
 * after it, while a request that came meanwhile shares that bundle: measured here, 1.5–2 s a request, and 3 of 45
 * requests of the browser tests answered 500 when one request's folder was removed under another. NetlifyDev has no
 * option against it, and the handler builds for a request whenever it has a build folder, its own or the
 * request's: without its own (cleared below, `internalsOf`), a request runs the bundle already made.
 */
async function functionsOf(root: string, destPath: string) {
  const [{ FunctionsHandler }, { FileWatcher, Reactive }, { resolveConfig }] = await Promise.all([
    import("@netlify/functions-dev"),
    import("@netlify/dev-utils"),
    import("@netlify/config"),
  ]);
  const config = await resolveConfig({
    config: path.join(root, "netlify.toml"),
    context: "dev",
    cwd: root,
    repositoryRoot: root,
    offline: true,
    mode: "cli",
  });
  const fileWatcher = new FileWatcher();
  const handler = new FunctionsHandler({
    config: new Reactive(config) as never,
    destPath,
    fileWatcher: fileWatcher as never,
    geolocation: {} as never,
    projectRoot: root,
    settings: {},
    userFunctionsPath: path.join(root, "netlify", "functions"),
  });
  const internals = internalsOf(handler, destPath);
  internals.globalBuildDirectory = undefined;
  // ready once every function is bundled, so that no visitor's first request waits for a bundle (10–20 s on a busy
  // machine: a test's own server answered its first form after the test's 5 s)
  await internals.scan;
  const found = [...internals.registry.functions.values()].map(functionInternals);
  await Promise.all(found.map((func) => func.getBuildData()));
  return { handler, internals, stop: () => fileWatcher.close() };
}

/**
 * Whether a request is for a scheduled function (netlify/functions' `config.schedule`), by the registry's own match
 * (the handler's private `registry`, like the build folder above).
 */
function scheduledOf({ registry }: HandlerInternals) {
  return async (request: Request) => {
    const match = await registry.getFunctionForURLPath(new URL(request.url).pathname, request.method);
    return Boolean(match?.func && (await registry.get(match.func.name)?.isScheduled()));
  };
}

/** The bundle folders of servers that ended without removing theirs (killed): their process is gone. */
async function removeOrphans(dir: string) {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const pid = Number(/^functions-serve-(\d+)$/.exec(name)?.[1]);
    if (pid && !alive(pid)) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Starts the emulation for the project in `root` (its netlify.toml: the build in public/, the functions in
 * netlify/functions). `only: "blobs"` starts its Blobs alone, for a command. `gate`: the invocations at once and the
 * wait for a turn, INVOCATIONS_AT_ONCE and INVOCATION_WAIT_MS unless a test makes a turn come sooner.
 */
export async function startEmulation({
  root = process.cwd(),
  only,
  gate = { atOnce: INVOCATIONS_AT_ONCE, waitMs: INVOCATION_WAIT_MS },
}: { root?: string; only?: "blobs"; gate?: { atOnce: number; waitMs: number } } = {}) {
  // ES modules with top-level await: imported, never required (Gatsby's hooks and tsx load this file as CommonJS)
  const [{ NetlifyDev }, { shouldBase64Encode }] = await Promise.all([
    import("@netlify/dev"),
    import("@netlify/dev-utils"),
  ]);
  // said to the functions, as netlify-cli says it: they run in the emulation (src/server/config.ts)
  if (!only) process.env.NETLIFY_DEV = "true";
  // a folder of this process's own for the bundles: two servers of one project (a test's own beside the suite's)
  // would otherwise rebuild each other's bundles while they run
  const bundles = path.join(root, ".netlify", `functions-serve-${process.pid}`);
  await removeOrphans(path.join(root, ".netlify"));
  const functions = only ? null : await functionsOf(root, bundles);
  const scheduled = functions && scheduledOf(functions.internals);
  const dev = new NetlifyDev({
    projectRoot: root,
    skipGitignore: true,
    serverAddress: null,
    logger: { log: () => undefined, warn: console.warn, error: console.error } as never,
    edgeFunctions: OFF,
    images: OFF,
    aiGateway: OFF,
    geolocation: OFF,
    database: OFF,
    functions: OFF,
    ...(only === "blobs" ? { staticFiles: OFF, headers: OFF, redirects: OFF, environmentVariables: OFF } : {}),
  });
  await dev.start();
  // a function's worker that ends in an uncaught exception or an unhandled rejection, even after it answered, which
  // the emulation lets go unsaid: said here, on the same line npm test fails on
  // (lambda-local ends a worker with a plain object, not an Error, for a function's throw and for its timeout)
  process.on("worker", (worker) =>
    worker.on("error", (error: unknown) => console.error(`function error: ${describeFailure(error)}`)),
  );
  const invoke = invocationGate(gate.atOnce, gate.waitMs);
  const { HeadersHandler } = await import("@netlify/headers");
  const headerRules = new HeadersHandler({
    configPath: path.join(root, "netlify.toml"),
    projectDir: root,
    publishDir: "public",
    logger: { log: () => undefined, warn: console.warn, error: console.error } as never,
  });

  async function respond(req: IncomingMessage): Promise<OriginAnswer> {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    // the emulation gives a function this address as `context.ip`, as Netlify's edge does the client's
    headers.set("x-forwarded-for", req.socket.remoteAddress ?? "");
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const body = hasBody ? await bodyOf(req, shouldBase64Encode(req.headers["content-type"] ?? "")) : null;
    const answer = (response: Response, cacheable = false) => ({ response, cacheable });
    if (hasBody && body === null)
      // the rest of the body is not read: the connection is closed after the answer, not handed to the next request
      return answer(
        ownAnswer(413, "Payload Too Large: a function's request body is at most 6 MB\n", { Connection: "close" }),
      );
    const request = new Request(url, { method: req.method, headers, body: body as BodyInit | null });
    const fn = await functions?.handler.match(request);
    if (fn && !(await scheduled?.(request))) {
      const response = await invoke(() => fn.handle(request));
      if (!response) return answer(busyAnswer(request));
      // the site's functions answer 503 when something behind them fails; any other 5xx is the emulation's own
      // page for a function that threw (npm test fails on this line: scripts/test-all.mjs)
      if (response.status >= 500 && response.status !== 503)
        console.error(`function error: ${req.method} ${url.pathname} answered ${response.status}`);
      return answer(response);
    }
    const found = await dev.handleAndIntrospect(request);
    if (found?.type === "static" && hasBody) return answer(ownAnswer(405, null, { Allow: "GET, HEAD" }));
    if (found) return answer(found.response, found.type === "static");
    // nothing answers: Netlify serves the site's 404 page under the header rules of the path asked for
    const notFound = new Response(await readFile(path.join(root, "public", "404.html")).catch(() => "Not found\n"), {
      status: 404,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, must-revalidate" },
    });
    await headerRules.apply(request, notFound);
    return answer(notFound);
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => send(res, (await respond(req)).response);

  const stop = async () => {
    await dev.stop();
    if (functions) {
      await functions.stop();
      await rm(bundles, { recursive: true, force: true });
    }
  };
  return { handle, respond, stop } satisfies Emulation;
}

/** The CV files for a terminal (`npm run leads`): Netlify's, given a token, else the local emulation's Blobs. */
export async function openCommandCvFiles(env: Record<string, string | undefined>): Promise<CvFiles> {
  const remote = remoteCvFiles(env);
  if (remote) return remote;
  const emulation = await startEmulation({ only: "blobs" });
  const { getStore } = await import("@netlify/blobs");
  return cvFilesOf(getStore(CV_STORE_NAME), "the local emulation's Netlify Blobs (.netlify/blobs-serve)", () =>
    emulation.stop(),
  );
}

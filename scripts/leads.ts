// `npm run leads`: the submissions store from a terminal (src/inbox/). Its commands and options are said once, in
// src/inbox/program.ts, whose help prints them: `npm run leads -- help`, and `help COMMAND` for one command's.
import site from "../content/site.json";
import { readSettings } from "../src/server/config";
import { helpOf, parseArgs } from "../src/inbox/program";
import { runCommand } from "../src/inbox/commands";
import { readEventCatalog } from "../src/server/event-catalog-files";
import { createScheduledDelivery } from "../src/server/scheduled-delivery";
import { leadSinkNames, sinksFor } from "../src/server/sinks";
import { openCommandCvFiles } from "../src/server/netlify-emulation";
import type { CvFiles } from "../src/server/store/cv-files";
import { openStore } from "../src/server/store/open-store";
import { errorCode, ping } from "../src/server/store/sql";
import { createWeeklyReport } from "../src/server/weekly-report";

async function main(): Promise<number> {
  const command = parseArgs(process.argv.slice(2));
  if ("error" in command) {
    console.error(`npm run leads: ${command.error} (npm run leads -- help)`);
    return 2;
  }
  if (command.name === "help") {
    console.log(helpOf(process.argv.slice(2)));
    return 0;
  }
  let store;
  try {
    store = await openStore(process.env, "command");
    await ping(store);
  } catch (error) {
    await store?.close().catch(() => undefined);
    console.error(`npm run leads: the store could not be reached (${errorCode(error)}: ${(error as Error).message})`);
    return 1;
  }
  const settings = readSettings(process.env, site.siteUrl, site.emails.sales);
  // the CVs' file store, opened (a local blob server started) only by a command that needs it
  let files: Promise<CvFiles> | null = null;
  const cvs = () => (files ??= openCommandCvFiles(process.env));
  const opened = async () => store;
  const catalog = readEventCatalog();
  const sinks = sinksFor(settings, site.emails, opened, { catalog, cvs });
  try {
    return await runCommand(command, {
      store,
      sinks,
      retentionDays: settings.retentionDays,
      applicationsRetentionDays: settings.applicationsRetentionDays,
      rateWindowMs: settings.rateWindowMs,
      out: (line) => console.log(line),
      files: cvs,
      leadSinks: (s) => leadSinkNames(sinks, s.kind, s.via === "form" ? "form" : "script"),
      // the handlers netlify/functions/{deliver,weekly-report}.ts export, made as there, with this command's store
      scheduled: {
        deliver: createScheduledDelivery({ settings, mailboxes: site.emails, store: opened, catalog, cvs }),
        "weekly-report": createWeeklyReport({ settings, store: opened, siteTitle: site.title }),
      },
    });
  } catch (error) {
    console.error(`npm run leads: ${command.name} failed (${errorCode(error)}: ${(error as Error).message})`);
    return 1;
  } finally {
    const opened = files as Promise<CvFiles> | null; // assigned by cvs(), which TypeScript cannot see
    await (await opened?.catch(() => null))?.close();
    await store.close();
  }
}

main().then((code) => process.exit(code));

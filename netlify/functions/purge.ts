// The daily purge on Netlify (docs/deploying.md#the-daily-purge): a scheduled function, the platform's way to run a
// job on a timetable, so that submissions, applications and their CVs are deleted when their retention periods end
// even on days nobody sends a form (src/server/purge.ts). Netlify gives it the database and the Blobs context in its
// environment; a scheduled function can only be invoked by the schedule.
import { purgeFromEnv } from "../../src/server/purge";

export default async function purgeOnSchedule(): Promise<Response> {
  const purged = await purgeFromEnv(process.env);
  console.log(
    `purge: ${purged.submissions} submissions, ${purged.applications} applications, ${purged.files} CV files, ${purged.unconfirmed} unconfirmed subscriptions deleted`,
  );
  return new Response(null, { status: 204 });
}

export const config = { schedule: "@daily" };

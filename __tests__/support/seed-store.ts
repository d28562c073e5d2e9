// Puts SEEDED (seeded-comments.ts) in the store of LEADS_STORE_DIR: run by scripts/test-all.mjs before the build.
import { randomUUID } from "crypto";
import site from "../../content/site.json";
import { checkLead } from "../../src/lib/lead-rules";
import { moderateComment } from "../../src/server/store/comments";
import { openStore } from "../../src/server/store/open-store";
import { acceptLead } from "../../src/server/store/intake";
import { SEEDED, seededBody } from "./seeded-comments";

async function main() {
  const store = await openStore(process.env, "command");
  try {
    for (const comment of SEEDED) {
      // an old post's comment was taken before it became old: stored as it was, not through today's rules
      const checked = comment.path.startsWith("/blog/old-posts/")
        ? { ok: true as const, lead: { kind: "comment" as const, fields: seededBody(comment) } }
        : checkLead(seededBody(comment), site.labels, [site.siteUrl]);
      if (!checked.ok) throw new Error(checked.error);
      const guards = { dedupeMs: 1 };
      const accepted = await acceptLead(store, {
        lead: checked.lead,
        clientHash: "seed",
        sinks: [],
        guards,
        id: randomUUID(),
      });
      if (accepted.outcome !== "stored") throw new Error(`the seed was ${accepted.outcome}`);
      if (comment.moderation) await moderateComment(store, accepted.id, comment.moderation);
    }
    console.log(`Seeded ${SEEDED.length} comments in ${store.where}.`);
  } finally {
    await store.close();
  }
}
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

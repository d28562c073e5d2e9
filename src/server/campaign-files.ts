import { readdirSync, readFileSync } from "fs";
import matter from "gray-matter";
import path from "path";
import { receivedPathOf } from "../lib/campaign";
import type { CampaignFacts } from "../lib/campaign-form";
import { markdownKinds } from "../lib/content-model";

// The campaigns as the form endpoint knows them (issue 61): each campaign's page, the form it shows and the questions
// it asks, read at run time from content/campaigns/ through the content model, as the webinars are
// (event-catalog-files.ts); netlify.toml's `included_files` puts the files beside the function. What a visitor
// answered is checked against these, never against what the page sent.

const contentDir = () => path.resolve(process.cwd(), process.env.CONTENT_DIR || "content");
// a hero's picture is not beside the function: its existence is the build's check, not the endpoint's
const anyFile = { resolveFile: (relative: string) => relative, serviceGroups: [] };

export function readCampaigns(dir = contentDir()): CampaignFacts[] {
  const folder = path.join(dir, markdownKinds.campaign.folder);
  return readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .flatMap((file) => {
      const parsed = markdownKinds.campaign
        .frontmatter(anyFile)
        .safeParse(matter(readFileSync(path.join(folder, file))).data);
      if (!parsed.success) return []; // the build itself names what is wrong (on-create-node.ts)
      const { path: page, title, sections, salesforceCampaignId } = parsed.data;
      const form = sections.find((block) => block.type === "form");
      if (!form || form.type !== "form" || form.form === "booking") return [];
      return [
        {
          path: page,
          title,
          form: form.form,
          questions: form.questions ?? [],
          salesforceCampaignId: salesforceCampaignId ?? null,
          received: receivedPathOf(page),
          button: form.button ?? null,
        },
      ];
    });
}

/** The campaigns for a function (`who` names it in the log); none, and said, when the files cannot be read. */
export function campaignsFor(who: string): CampaignFacts[] {
  try {
    return readCampaigns();
  } catch (error) {
    console.error(`${who}: the campaigns could not be read (${(error as Error).message}); their forms are refused`);
    return [];
  }
}

/** The campaign a body names by its page's path, if any. */
export const campaignAt = (campaigns: readonly CampaignFacts[], page: unknown): CampaignFacts | undefined =>
  campaigns.find((c) => c.path === page);

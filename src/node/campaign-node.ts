import path from "path";
import { sectionIdOf } from "../lib/campaign";
import type { CampaignBlock } from "../lib/content-model";
import { markdownHtml } from "../lib/markdown-html";

// What a campaign's node keeps of its sections beyond the checked values: a text block's Markdown as HTML (made once,
// at build, as a body is), and the hero's picture by the path written beside the file, never the build machine's
// absolute path, which the page's data would carry to every visitor. `cover`, the picture's absolute path, is read
// by the heroImage field's resolver (schema.ts), as a post's cover is. Each block gets its anchor (`id`).

export function campaignNodeFields(sections: CampaignBlock[], file: string): { sections: object[]; cover?: string } {
  let cover: string | undefined;
  const kept = sections.map((given) => {
    const block = { ...given, id: sectionIdOf(given) };
    if (block.type === "prose") return { ...block, html: markdownHtml(block.markdown) };
    if (block.type === "hero" && block.picture) {
      cover = block.picture;
      return { ...block, picture: path.relative(path.dirname(file), block.picture).split(path.sep).join("/") };
    }
    return block;
  });
  return { sections: kept, ...(cover ? { cover } : {}) };
}

import { cpSync, existsSync, mkdtempSync } from "fs";
import os from "os";
import path from "path";
import { EDITOR_REPOSITORY } from "../support/editor-post";
import { ROOT } from "../e2e/servers";

let folder: string | null = null;

/**
 * The folder whose content/ the journeys' editor saves into (the server's GIT_REPO_DIRECTORY): EDITOR_REPOSITORY in
 * `npm test`, else a scratch copy of content/ made once for the run.
 */
export function editorRepository(): string {
  if (folder) return folder;
  folder = EDITOR_REPOSITORY ? path.resolve(ROOT, EDITOR_REPOSITORY) : mkdtempSync(path.join(os.tmpdir(), "journeys-"));
  const content = path.join(folder, "content");
  if (!existsSync(path.join(content, "site.json"))) cpSync(path.join(ROOT, "content"), content, { recursive: true });
  return folder;
}

export const editorContent = () => path.join(editorRepository(), "content");

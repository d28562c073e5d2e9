// A page's section headings and intros come from its frontmatter `blocks`, looked up by id.

export interface Block {
  readonly id: string;
  readonly heading: string;
  readonly text?: string | null;
}

/** The block with this id; a template that needs a block the page lacks fails the build, naming both. */
export function block(blocks: readonly Block[] | null | undefined, id: string, pagePath: string): Block {
  const found = (blocks ?? []).find((b) => b.id === id);
  if (!found) throw new Error(`The page ${pagePath} needs a block with id "${id}" in its frontmatter`);
  return found;
}

// A name as it reads in an address, apart from the content model so that a page's code can use it without zod.

/** The file name new content gets from its title (without .md): lower-case letters and digits, words joined by "-". */
export const slugOf = (title: string): string =>
  title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Words that mean a page is unfinished. */
export const PLACEHOLDER = /\b(lorem|ipsum|todo|tbd|fixme)\b|coming soon/i;

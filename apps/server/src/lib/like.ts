/** `text` with LIKE's wildcards (`%`, `_`) and its escape (`\`) made literal, for a pattern built around it. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching any text that contains `text` literally. */
export const containsPattern = (text: string) => `%${likeEscape(text)}%`;

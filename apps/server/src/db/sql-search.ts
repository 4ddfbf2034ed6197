// Text search in SQL: a user's term matched literally, whatever LIKE characters it holds.

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

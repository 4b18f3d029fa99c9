/**
 * Text helpers shared by the reference importers and queries (spec core §5 search rules).
 */

/**
 * Folds a name or a query for case-insensitive search: Russian lower case, 'ё' → 'е', runs of whitespace
 * collapsed to one space, trimmed. Applied in JavaScript on both sides so that the result does not depend on
 * the database collation.
 */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/**
 * Escapes the LIKE wildcards `%`, `_` and the escape character `\` in user input, so that the input is matched
 * literally inside a `LIKE … ESCAPE '\'` pattern (PostgreSQL's default escape character is `\`).
 */
export function escapeLike(input: string): string {
  return input.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Splits a folded query into distinct words (spec core §5: a name suggestion matches all of its words). */
export function searchWords(query: string): string[] {
  return [...new Set(foldForSearch(query).split(' ').filter(Boolean))];
}

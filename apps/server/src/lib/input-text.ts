/**
 * Text PostgreSQL cannot hold: a NUL byte (refused in every text and json value) or a lone UTF-16
 * surrogate (refused in json, and not a character in any column). Checked on the parsed input of
 * every endpoint before its handler runs (docs/product-rules.md R30).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * Where the first unstorable string (or object key) of a parsed query or body is, as the path a
 * field issue names (`note`, `filters.search`, `search.0`); undefined when every string is storable.
 */
export function unstorableTextPath(value: unknown, path: readonly string[] = []): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.') || '(value)';
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, storableText(key)].join('.');
    const found = unstorableTextPath(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The text with every unstorable character replaced by U+FFFD, for a log row that records the attempt. */
export const storableText = (text: string): string => text.replace(new RegExp(UNSTORABLE, 'g'), '\uFFFD');

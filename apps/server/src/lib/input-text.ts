/**
 * Text PostgreSQL cannot hold: a NUL byte (refused in every text and json value) or a lone UTF-16
 * surrogate (refused in json, and not a character in any column). Checked on the parsed input of
 * every endpoint before its handler runs (docs/product-rules.md R30).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** A value met in the walk, with the key it was found under and its parent, to spell its path. */
interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

const pathOf = (visit: Visit | undefined): string[] => {
  const keys: string[] = [];
  for (let v = visit; v?.key !== undefined; v = v.parent) keys.push(v.key);
  return keys.reverse();
};

/**
 * Where the first unstorable string (or object key) of a parsed query or body is, as the path a
 * field issue names (`note`, `filters.search`, `search.0`); undefined when every string is storable.
 * The walk keeps its own stack: a body nested a hundred thousand levels deep (a few hundred
 * kilobytes of brackets) is read to its end and refused by its schema, not a stack overflow.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const stack: Visit[] = [{ value }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (visit.key !== undefined && !isStorableText(visit.key))
      return [...pathOf(visit.parent), storableText(visit.key)].join('.');
    const inner = visit.value;
    if (typeof inner === 'string') {
      if (!isStorableText(inner)) return pathOf(visit).join('.') || '(value)';
    } else if (inner && typeof inner === 'object') {
      // Pushed last to first, so they are read in order.
      const entries = Object.entries(inner);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}

/** The text with every unstorable character replaced by U+FFFD, for a log row that records the attempt. */
export const storableText = (text: string): string => text.replace(new RegExp(UNSTORABLE, 'g'), '\uFFFD');

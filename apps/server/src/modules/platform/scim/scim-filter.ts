import { ScimError } from './scim-protocol.ts';

/** The one filter shape providers send to find a resource before creating it (RFC 7644 3.4.2.2). */
export interface EqFilter {
  attribute: string;
  value: string;
}

const FILTER = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/**
 * Parses `<attribute> eq "<value>"` for the attributes `allowed` lists (case-insensitively, with a
 * schema URN prefix allowed); any other filter is `invalidFilter`, never a guess.
 */
export function parseEqFilter(filter: string, allowed: readonly string[], urn: string): EqFilter {
  if (filter.length > 500) throw new ScimError(400, 'The filter is too long', 'invalidFilter');
  const match = FILTER.exec(filter);
  if (!match)
    throw new ScimError(400, 'Only `<attribute> eq "<value>"` filters are supported', 'invalidFilter');
  let attribute = match[1]!;
  if (attribute.toLowerCase().startsWith(`${urn.toLowerCase()}:`))
    attribute = attribute.slice(urn.length + 1);
  const known = allowed.find((name) => name.toLowerCase() === attribute.toLowerCase());
  if (!known) throw new ScimError(400, `Filtering by ${attribute} is not supported`, 'invalidFilter');
  let value: string;
  try {
    value = JSON.parse(`"${match[2]!}"`) as string;
  } catch {
    throw new ScimError(400, 'The filter value is not a valid string', 'invalidFilter');
  }
  return { attribute: known, value };
}

/** startIndex and count of a list (RFC 7644 3.4.2.4): 1-based, below 1 read as 1, count capped. */
export function paging(
  query: { startIndex?: unknown; count?: unknown },
  maxResults: number,
  maxStart: number,
): { startIndex: number; count: number } {
  const int = (raw: unknown, name: string): number | undefined => {
    if (raw === undefined || raw === '') return undefined;
    if (typeof raw !== 'string' || !/^-?\d{1,12}$/.test(raw))
      throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
    return Number(raw);
  };
  const start = int(query.startIndex, 'startIndex') ?? 1;
  if (start > maxStart) throw new ScimError(400, `startIndex may be at most ${maxStart}`, 'invalidValue');
  const count = int(query.count, 'count') ?? maxResults;
  return { startIndex: Math.max(1, start), count: Math.min(Math.max(0, count), maxResults) };
}

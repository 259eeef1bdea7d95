import type { DbOrTx } from '../../../db/client.ts';
import { memberDisplayNames } from './audit.repository.ts';

type Fields = Record<string, unknown>;

/**
 * Audited fields that hold a staff member's id (a case's owner, who lifted or closed something).
 * The log keeps the id, as written; a history reads it back as the member's name, so a trail says
 * "Owner → Zeynep Çelik", never "Owner → 1", and a renamed member reads by their name of today.
 */
const MEMBER_FIELDS = new Set(['owner', 'owner_id', 'assignee_id', 'closed_by', 'lifted_by', 'created_by']);

const memberIdsOf = (fields: Fields | null): number[] =>
  fields
    ? Object.entries(fields).flatMap(([field, value]) =>
        MEMBER_FIELDS.has(field) && Number.isSafeInteger(value) ? [value as number] : [],
      )
    : [];

/**
 * The entries with each member id of MEMBER_FIELDS replaced by `{ id, display_name }` (one query for
 * the page); an id no member has stays as it is.
 */
export async function withMemberNames<E extends { before: Fields | null; after: Fields | null }>(
  db: DbOrTx,
  entries: E[],
): Promise<E[]> {
  const ids = [...new Set(entries.flatMap((e) => [...memberIdsOf(e.before), ...memberIdsOf(e.after)]))];
  if (ids.length === 0) return entries;
  const names = await memberDisplayNames(db, ids);
  const named = (fields: Fields | null): Fields | null =>
    fields &&
    Object.fromEntries(
      Object.entries(fields).map(([field, value]) => {
        const name = MEMBER_FIELDS.has(field) ? names.get(value as number) : undefined;
        return [field, name === undefined ? value : { id: value, display_name: name }];
      }),
    );
  return entries.map((e) => ({ ...e, before: named(e.before), after: named(e.after) }));
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

export interface CustomerRef {
  id: number;
  userName: string;
}

/**
 * The customers the exchange names by its own ids, for the rows it feeds that point at one (a
 * transaction, a sign-in, a balance, an offer): one index lookup for the whole batch. An id absent
 * from the map is a customer Backdesk has not seen (refused per item, CUSTOMER_UNKNOWN).
 */
export async function customerRefs(db: DbOrTx, externalIds: string[]): Promise<Map<string, CustomerRef>> {
  const refs = new Map<string, CustomerRef>();
  if (externalIds.length === 0) return refs;
  const { rows } = await db.execute<{ id: number; user_name: string; external_id: string }>(
    sql`SELECT id, user_name, external_id FROM customers WHERE external_id = ANY(${sql.param([...new Set(externalIds)])}::text[])`,
  );
  for (const row of rows) refs.set(row.external_id, { id: Number(row.id), userName: row.user_name });
  return refs;
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';

/**
 * What the audit trail and the access log hold about one staff member, oldest first. Reads `t.db` at
 * each call: the harness hands every test a fresh database.
 */
export function staffMemberLogs(t: { readonly db: DbOrTx }) {
  return {
    auditOf: async (id: number) =>
      (
        await t.db.execute<{ action: string; before: unknown; after: unknown }>(
          sql`SELECT action, before, after FROM audit_log WHERE entity = 'staff_member' AND entity_id = ${String(id)} ORDER BY id`,
        )
      ).rows,
    accessEvents: async (memberId: number) =>
      (
        await t.db.execute<{ event: string; detail: Record<string, unknown> | null }>(
          sql`SELECT event, detail FROM access_log WHERE member_id = ${memberId} ORDER BY id`,
        )
      ).rows,
  };
}

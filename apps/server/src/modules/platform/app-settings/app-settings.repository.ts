import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * Deployment-wide settings a super changes at run time (the `app_settings` table), read from the
 * database on every use so every node agrees at once. Each key's owner validates its value and writes
 * it through `changes.run` (entity `app_setting`), so a change is audited like data.
 */
export interface AppSetting<T> {
  value: T;
  version: number;
}

export async function readSetting<T>(db: DbOrTx, key: string): Promise<AppSetting<T> | null> {
  const { rows } = await db.execute<{ value: T; version: number }>(
    sql`SELECT value, version FROM app_settings WHERE key = ${key}`,
  );
  return rows[0] ? { value: rows[0].value, version: Number(rows[0].version) } : null;
}

/** Locks the key's row for a change in `tx` (null when the key was never set). */
export async function readSettingForUpdate<T>(tx: DbOrTx, key: string): Promise<AppSetting<T> | null> {
  const { rows } = await tx.execute<{ value: T; version: number }>(
    sql`SELECT value, version FROM app_settings WHERE key = ${key} FOR UPDATE`,
  );
  return rows[0] ? { value: rows[0].value, version: Number(rows[0].version) } : null;
}

/** Stores a value and bumps the version; call only when the value really changed (R20). */
export async function writeSetting(
  tx: DbOrTx,
  key: string,
  value: unknown,
  memberId: number | null,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO app_settings (key, value, updated_by) VALUES (${key}, ${JSON.stringify(value)}::jsonb, ${memberId})
        ON CONFLICT (key) DO UPDATE
          SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now(),
              version = app_settings.version + 1`,
  );
}

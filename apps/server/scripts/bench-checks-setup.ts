// Prepares a database for `npm run bench:checks` (scripts/bench-checks.mjs): migrated, seeded with
// demo customers and history unless it already holds them, and one integration key with the check
// scope, printed as `key=bdk_…`, and the app role's URL
// (`app_url=…`) for the server's DATABASE_URL (MIGRATION_DATABASE_URL: the owner's). Then start the server on that database and run the bench against it:
//   DATABASE_URL=postgres://… node --import tsx apps/server/scripts/bench-checks-setup.ts [--customers 5000]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { INTEGRATION_RATE } from '@backdesk/contract';
import { ensureLoginRole, grantAppRole, urlAs } from '../src/db/app-role.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { isDemoDataPresent, seedDemoData } from '../src/db/seed/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createChanges } from '../src/modules/platform/audit/changes.ts';
import {
  createIntegrationsRepository,
  createIntegrationsService,
} from '../src/modules/platform/integrations/index.ts';
import { createMembersService } from '../src/modules/settings/members/members.service.ts';

const { values } = parseArgs({ options: { customers: { type: 'string', default: '5000' } } });
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database to prepare');
const pool = createPool(url, 4);
try {
  await runMigrations(pool);
  const db = createDb(pool);
  if (!(await isDemoDataPresent(pool))) {
    await createMembersService(db).seedDemoMembers();
    const customers = Number(values.customers);
    await seedDemoData(pool, { customers, walletTransactions: customers * 10, offers: 200, trades: 2000 });
    await pool.query('VACUUM (ANALYZE)');
  }
  const service = createIntegrationsService({
    db,
    clock: systemClock,
    changes: createChanges(db),
    repo: createIntegrationsRepository(),
  });
  const actor = { memberId: null, requestId: `bench-checks-${randomUUID()}` };
  const integration = await service.create(
    {
      name: `bench checks ${randomUUID().slice(0, 8)}`,
      scopes: ['checks:withdrawal', 'checks:p2p'],
      allowed_addresses: null,
      requests_per_minute: INTEGRATION_RATE.maximum,
    },
    actor,
  );
  const { secret } = await service.createKey({ integrationId: integration.id, expiresAt: null }, actor);
  // The server refuses to run as the schema owner: an app role of the bench's (password fixed: a scratch database).
  const password = 'bench-checks-app';
  await ensureLoginRole(pool, 'backdesk_bench_checks', password);
  await grantAppRole(pool, 'backdesk_bench_checks');
  console.log(`key=${secret}`);
  console.log(`app_url=${urlAs(url, 'backdesk_bench_checks', password)}`);
} finally {
  await pool.end();
}

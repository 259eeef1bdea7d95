import type { Config } from '../config/config.ts';
import { createDb, createPool } from '../db/client.ts';
import { seedAccessHistory } from '../db/seed/access-history.ts';
import { fraudHistoryPending, seedFraudHistory } from '../db/seed/fraud-history.ts';
import { isDemoDataPresent, seedDemoData } from '../db/seed/index.ts';
import { storeSeedSpecimens } from '../db/seed/kyc.ts';
import { seedTravelRule } from '../db/seed/travel-rule.ts';
import { createDocumentStore } from '../modules/platform/documents/index.ts';
import { createMembersService } from '../modules/settings/members/members.service.ts';
import type { Database } from './database.ts';

/**
 * First run of a demo database: the demo staff members, then the demo data set. The bulk load sets
 * indexes aside and puts them back, which only the schema owner may do.
 */
export async function seedDemo(
  database: Database,
  config: Config,
  log: (msg: string) => void,
): Promise<void> {
  if (!database.ownerUrl)
    throw new Error('DEMO needs MIGRATION_DATABASE_URL: only the schema owner can load it');
  const owner = createPool(database.ownerUrl, 2);
  try {
    if (await createMembersService(createDb(owner)).seedDemoMembers()) log('Created the demo staff members');
    if (await isDemoDataPresent(owner)) return;
    const started = Date.now();
    log(`Seeding demo data (${config.demoCustomers.toLocaleString('en-US')} customers)…`);
    await seedDemoData(owner, { customers: config.demoCustomers });
    // The staff's last 30 days of sign-ins, so the access log's filters find something.
    await seedAccessHistory(owner);
    // Travel-rule records in every state, over the seeded transfers, with an invented VASP directory.
    await seedTravelRule(owner);
    // The seeded KYC documents' files: a few specimens, each stored once.
    const store = createDocumentStore(config.documents);
    try {
      await storeSeedSpecimens(store);
    } finally {
      await store.close();
    }
    log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await owner.end();
  }
}

/**
 * Fraud check's demo alerts, raised from the seeded history by the engine's rescan once the server
 * listens: the rescan takes longer than the rest of the first start, and the pages are usable
 * meanwhile (alerts arrive live). Without them the demo still runs, so a failure is said, not fatal.
 */
export async function raiseDemoFraudHistory(database: Database, log: (msg: string) => void): Promise<void> {
  if (!database.ownerUrl) return;
  const owner = createPool(database.ownerUrl, 2);
  try {
    if (!(await fraudHistoryPending(owner))) return;
    const started = Date.now();
    log('Raising fraud alerts from the demo history…');
    const alerts = await seedFraudHistory(owner);
    log(
      `Raised ${alerts.toLocaleString('en-US')} fraud alerts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    log(`Could not raise the demo's fraud alerts: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await owner.end();
  }
}

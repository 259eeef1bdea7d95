import type { Config } from '../config/config.ts';
import { isDemoDataPresent, seedDemoData } from '../db/seed/index.ts';
import { createMembersService } from '../modules/members/members.service.ts';
import type { Database } from './database.ts';

/** First run of a demo database: the demo staff members, then the demo data set. */
export async function seedDemo(
  database: Database,
  config: Config,
  log: (msg: string) => void,
): Promise<void> {
  if (await createMembersService(database.db).seedDemoMembers()) log('Created the demo staff members');
  if (await isDemoDataPresent(database.pool)) return;
  const started = Date.now();
  log(`Seeding demo data (${config.demoCustomers.toLocaleString('en-US')} customers)…`);
  await seedDemoData(database.pool, { customers: config.demoCustomers });
  log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

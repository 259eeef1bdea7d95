// `npm run restore -- FOLDER`: puts a backup made by `npm run backup` in DATA_DIR's place (stop the
// server first). What DATA_DIR held is kept beside it as pg.replaced-<time>, never deleted.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.ts';
import { restoreDataDir } from '../src/db/embedded-backup.ts';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FOLDER   (a folder npm run backup made)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('npm run restore restores the embedded database; unset DATABASE_URL');
  process.exit(2);
}
try {
  await restoreDataDir(path.resolve(positionals[0]!), config.dataDir);
  console.log(
    `[restore] ${config.dataDir} now holds ${positionals[0]}; it opened and recovered. Start with npm start.`,
  );
  console.log('[restore] check the logs with: npm run audit:verify');
  process.exit(0);
} catch (err) {
  console.error(`[restore] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

// `npm run backup [-- --out FOLDER]`: a hot base backup of the embedded database of DATA_DIR (the
// server may keep running) into FOLDER/backdesk-<time> (default ./backups). With DATABASE_URL, back
// up the server with its own tools instead (docs/deploy.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.ts';
import { backupDataDir } from '../src/db/embedded-backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: './backups' } } });
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'npm run backup copies the embedded database; for DATABASE_URL see "Backups" in docs/deploy.md',
  );
  process.exit(2);
}
try {
  const started = Date.now();
  const folder = await backupDataDir(config.dataDir, path.resolve(values.out));
  console.log(`[backup] ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`[backup] restore with: npm run restore -- ${folder}`);
  process.exit(0);
} catch (err) {
  console.error(`[backup] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

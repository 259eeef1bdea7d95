// `npm run audit:verify`: recomputes the hash chains of the access log and the audit trail and checks
// their signed checkpoints (docs/decisions/0008-tamper-evident-logs.md). Connects as the server does:
// DATABASE_URL (with APP_SECRET, which signs the checkpoints), else the embedded database of DATA_DIR
// (stop the server first: the folder is locked while it runs). Exits 1 when a chain is broken.
import { logsApi } from '@backdesk/contract';
import { openDatabase } from '../src/bootstrap/database.ts';
import { loadConfig } from '../src/config/config.ts';
import { checkpointSigner, verifyChain } from '../src/modules/logs/access-log/log-chain.ts';

const config = loadConfig();
if (config.databaseUrl && !config.appSecret)
  console.warn('APP_SECRET is not set: the signed checkpoints cannot be checked and will read as broken');
const database = await openDatabase(config, (msg) => console.error(`[audit:verify] ${msg}`));
let broken = false;
try {
  const signer = checkpointSigner(database.secret);
  for (const log of logsApi.LOG_NAMES) {
    const r = await verifyChain(database.db, log, signer);
    const name = log === 'access' ? 'access log ' : 'audit trail';
    const cut =
      r.cut_through_id === null ? '' : `, continuing from the signed cut after row ${r.cut_through_id}`;
    if (r.intact) {
      const through = r.through_id === null ? 'empty' : `intact through row ${r.through_id}`;
      console.log(`${name}: ${through} (${r.checked} rows, ${r.seals} seals${cut}) in ${r.ms} ms`);
    } else {
      broken = true;
      console.log(`${name}: BROKEN at row ${r.broken_id} (${r.reason}${cut}) after ${r.ms} ms`);
    }
  }
} finally {
  await database.close();
}
process.exit(broken ? 1 : 0);

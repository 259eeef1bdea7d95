// Starts the embedded PostgreSQL of a bench folder and prints its URL; stops on SIGINT.
import { startEmbeddedDatabase } from '/work/wt-trbench/apps/server/src/db/embedded.ts';
const pg = await startEmbeddedDatabase(process.argv[2]!);
console.log(pg.url);
process.on('SIGINT', async () => { await pg.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);

// `npm run start:cluster -- --nodes 3 [--port 3000]`: N Backdesk nodes on the embedded database of
// DATA_DIR behind a small local round-robin proxy, to try the cluster on one machine
// (docs/decisions/0011-several-nodes.md). Production: docs/deploy.md.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/bootstrap/database.ts';
import { seedDemo } from '../src/bootstrap/demo.ts';
import { loadConfig } from '../src/config/config.ts';
import { loadDataDirSecrets } from '../src/db/embedded.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../src/modules/settings/members/members.service.ts';
import { startProxy } from '../src/platform/cluster-proxy.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const log = (msg: string) => console.log(`[cluster] ${msg}`);

const { values } = parseArgs({
  options: { nodes: { type: 'string', default: '3' }, port: { type: 'string' } },
});
const count = Number(values.nodes);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('usage: npm run start:cluster -- --nodes N (1 to 16) [--port P]');
  process.exit(2);
}

const config = loadConfig();
if (config.databaseUrl) {
  console.error('start:cluster runs on the embedded database of DATA_DIR: unset DATABASE_URL');
  process.exit(2);
}
const proxyPort = Number(values.port ?? config.port);
config.webDist ??= path.join(repoRoot, 'apps/web/dist');

// The database, migrated and seeded once here; the nodes connect to it as the app's role.
const database = await openDatabase(config, log);
try {
  if (config.demo) await seedDemo(database, config, log);
} catch (err) {
  console.error(`[cluster] demo data failed: ${err instanceof Error ? err.message : String(err)}`);
  await database.close();
  process.exit(1);
}
const appUrl = database.pool.options.connectionString as string;
const { appSecret } = await loadDataDirSecrets(config.dataDir);

const children: ChildProcess[] = [];
function startNode(n: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      DATABASE_URL: appUrl,
      MIGRATION_DATABASE_URL: database.ownerUrl,
      // One secret for every node: sessions, captchas and checkpoints agree whichever node answers.
      APP_SECRET: appSecret,
      DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST: config.webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`[node ${n}] ${line}\n`);
      const match = /listening on http:\/\/\S+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`node ${n} exited with ${code}`)));
  });
}

let proxy: ReturnType<typeof startProxy> | undefined;
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping the proxy, the nodes (they drain), then the database`);
  await proxy?.close();
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

try {
  const ports = await Promise.all(Array.from({ length: count }, (_, i) => startNode(i + 1)));
  proxy = startProxy(ports, proxyPort, config.host);
  const port = await proxy.listen();
  log(`${count} nodes (ports ${ports.join(', ')}) over one PostgreSQL`);
  log(
    `Backdesk cluster is listening on http://localhost:${port} (round robin; each answer names its node in X-Backdesk-Node)`,
  );
  if (config.demo) {
    const names = DEMO_MEMBERS.filter((m) => m.roles[0] !== 'support').map((m) => m.userName);
    log(`Sign in as ${names.join(', ')} with the password "${DEMO_PASSWORD}"`);
  }
} catch (err) {
  console.error(`[cluster] failed to start: ${err instanceof Error ? err.message : String(err)}`);
  await stop('failure');
}

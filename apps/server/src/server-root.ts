import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from wherever this code runs: its sources under
 * tsx, or the bundle `npm start` runs (apps/server/dist, scripts/build-server.mjs). Files read at run
 * time — the migrations, the shipped screening lists, the web build — are named from here rather
 * than from a module's own folder, which bundling moves.
 */
function serverRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@backdesk/server')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No @backdesk/server package.json above ${from}`);
  }
}

export const SERVER_ROOT = serverRoot(path.dirname(fileURLToPath(import.meta.url)));

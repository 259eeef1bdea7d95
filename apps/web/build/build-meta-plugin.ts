import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

/** What `/_build/latest.json` holds; the client compares `id` with the build it runs. */
export interface BuildInfo {
  id: string;
  timestamp: number;
}

/**
 * Gives every build an id, injects it as `__BUILD_ID__` and writes `_build/latest.json` plus
 * `_build/meta/<id>.json`, so open tabs can notice a deployment (docs/product-rules.md R26).
 * `routes` lists the app's paths so the server may answer unknown paths with a real 404.
 */
export function buildMetaPlugin(options: { routes: () => string[] }): Plugin {
  const timestamp = Date.now();
  const info: BuildInfo = { id: `${timestamp.toString(36)}-${randomBytes(4).toString('hex')}`, timestamp };
  return {
    name: 'backdesk:build-meta',
    config: (_config, env) => ({
      define: { __BUILD_ID__: JSON.stringify(env.command === 'build' ? info.id : 'dev') },
    }),
    generateBundle() {
      if (this.environment.name !== 'client') return;
      this.emitFile({ type: 'asset', fileName: '_build/latest.json', source: JSON.stringify(info) });
      this.emitFile({
        type: 'asset',
        fileName: `_build/meta/${info.id}.json`,
        source: JSON.stringify({ ...info, routes: options.routes() }),
      });
    },
  };
}

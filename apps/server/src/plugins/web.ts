import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Serves the built single-page app. Hashed assets are cached for good; the page, the build
 * metadata and the colour-mode script are revalidated so a new build is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? path.resolve(webDist) : undefined;
  if (!root) {
    app.log.warn({ webDist }, 'no built web app found; serving the API only');
  } else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || !root || request.method !== 'GET') {
      throw new AppError(
        'NOT_FOUND',
        {},
        { detail: `Not found: ${request.method} ${request.url.split('?')[0]}` },
      );
    }
    // Client-side routes: the app's router decides, and renders its 404 page for unknown paths.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

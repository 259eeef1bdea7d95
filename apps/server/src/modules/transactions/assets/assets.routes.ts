import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { AssetsService } from './assets.service.ts';

export function registerAssetsRoutes(app: FastifyInstance, { assets }: { assets: AssetsService }): void {
  registerEndpoint(app, transactionsApi.listAssets, async () => ({ assets: await assets.catalogue() }));
}

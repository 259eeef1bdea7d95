import { bulkApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { createBulkSettings } from './bulk-settings.ts';

export function registerBulkRoutes(
  app: FastifyInstance,
  { settings }: { settings: ReturnType<typeof createBulkSettings> },
): void {
  registerEndpoint(app, bulkApi.getBulkSettings, () => settings.read());
  registerEndpoint(app, bulkApi.updateBulkSettings, async ({ body, actor }) => ({
    success: true as const,
    settings: await settings.update(body, actor),
  }));
}

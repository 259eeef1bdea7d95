import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../lib/endpoint-route.ts';
import { type ExportColumn, sendExport, streamRows } from '../../../lib/export/index.ts';
import { createUserAssetsRepository, type UserAssetRow } from './user-assets.repository.ts';

const COLUMNS: readonly ExportColumn<UserAssetRow>[] = [
  { header: 'customer_id', value: (r) => Number(r.customer_id) },
  { header: 'user_name', value: (r) => r.user_name },
  { header: 'asset', value: (r) => r.asset },
  // Exact decimals stay text: a spreadsheet number would round 18 decimals.
  { header: 'available', value: (r) => r.available },
  { header: 'locked', value: (r) => r.locked },
  { header: 'updated_at', value: (r) => r.updated_at },
];

/** Read-only balances with no rules of their own: the routes read the repository. */
export function registerUserAssetsModule(app: FastifyInstance, { db }: { db: Db }): void {
  const repo = createUserAssetsRepository();
  registerEndpoint(app, crmApi.listUserAssets, ({ query }) => repo.page(db, query));
  registerEndpoint(app, crmApi.getAssetTotals, async ({ query }) => ({
    items: await repo.totals(db, query),
  }));
  registerExportEndpoint(app, crmApi.exportUserAssets, ({ query, reply }) =>
    sendExport(reply, {
      format: query.format,
      fileName: 'user-assets',
      columns: COLUMNS,
      rows: streamRows<UserAssetRow>(db, repo.exportQuery(query)),
    }),
  );
}

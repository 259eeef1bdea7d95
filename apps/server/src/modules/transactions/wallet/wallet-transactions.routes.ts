import { transactionsApi, type WalletTransaction } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerExportEndpoint } from '../../../lib/endpoint-route.ts';
import { type ExportColumn, sendExport, streamRows } from '../../../lib/export/index.ts';
import type { WalletTransactionsService } from './wallet-transactions.service.ts';

const EXPORT_COLUMNS: readonly ExportColumn<WalletTransaction>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'customer_id', value: (r) => r.customer_id },
  { header: 'customer', value: (r) => r.customer_user_name },
  { header: 'type', value: (r) => r.type },
  { header: 'asset', value: (r) => r.asset },
  { header: 'network', value: (r) => r.network },
  // Amounts stay text: a spreadsheet number would lose places beyond 15 digits.
  { header: 'amount', value: (r) => r.amount },
  { header: 'fee', value: (r) => r.fee },
  { header: 'from_address', value: (r) => r.from_address },
  { header: 'to_address', value: (r) => r.to_address },
  { header: 'tx_hash', value: (r) => r.tx_hash },
  { header: 'status', value: (r) => r.status },
  { header: 'review_reason', value: (r) => r.review_reason },
  { header: 'updated_at', value: (r) => r.updated_at },
];

export function registerWalletTransactionsRoutes(
  app: FastifyInstance,
  { wallet }: { wallet: WalletTransactionsService },
): void {
  // The largest table: its list and export read from the replica where there is one.
  registerEndpoint(app, transactionsApi.listWalletTransactions, async ({ query, actor }) =>
    wallet.page(query, await app.reads.db(actor.memberId)),
  );
  registerEndpoint(app, transactionsApi.getWalletTransaction, ({ query }) => wallet.detail(query.id));
  registerEndpoint(app, transactionsApi.getWithdrawalChecks, ({ query }) => wallet.checks(query.id));

  registerExportEndpoint(app, transactionsApi.exportWalletTransactions, async ({ query, reply, actor }) => {
    const { format, sort, dir, ...filters } = query;
    const source = await app.reads.db(actor.memberId);
    return sendExport(reply, {
      format,
      fileName: 'wallet-transactions',
      columns: EXPORT_COLUMNS,
      rows: streamRows<WalletTransaction>(source, wallet.exportQuery(filters, { sort, dir })),
    });
  });

  registerEndpoint(app, transactionsApi.approveWithdrawal, ({ body, actor }) =>
    wallet.approve(actor, body.id, body.version, body.reason ?? null),
  );
  registerEndpoint(app, transactionsApi.rejectWithdrawal, ({ body, actor }) =>
    wallet.reject(actor, body.id, body.version, body.reason),
  );
}

import { CRM_MESSAGES, crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerEndpoint, registerExportEndpoint } from '../../lib/endpoint-route.ts';
import { sendCsvCopy } from '../../lib/export/copy.ts';
import { type ExportColumn, sendExport, streamRows } from '../../lib/export/index.ts';
import { CUSTOMER_EXPORT_COLUMNS } from './customer-sql.ts';
import type { CustomersService } from './customers.service.ts';

type ExportRow = Record<string, string | null>;

/** XLSX cells: the export query's columns (CUSTOMER_EXPORT_COLUMNS), the id as a number. */
const XLSX_COLUMNS: ExportColumn<ExportRow>[] = CUSTOMER_EXPORT_COLUMNS.map(({ header }) => ({
  header,
  value: header === 'id' ? (row: ExportRow) => Number(row.id) : (row: ExportRow) => row[header],
}));

export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { db: Db; service: CustomersService },
): void {
  const { service } = deps;

  registerEndpoint(app, crmApi.getUsers, async ({ query }) => {
    const page = await service.list(query);
    return {
      success: true,
      statusCode: 200,
      message: CRM_MESSAGES.customersFetched,
      users: page.items,
      nextCursor: page.nextCursor,
      prevCursor: page.prevCursor,
    };
  });

  registerEndpoint(app, crmApi.countUsers, async ({ query }) => ({ total: await service.count(query) }));

  registerEndpoint(app, crmApi.getCustomerFacets, () => service.facets());

  registerExportEndpoint(app, crmApi.exportCustomers, async ({ query, reply }) => {
    const exported = service.exportQuery(query);
    // CSV is written by PostgreSQL (COPY); XLSX streams the same query's rows through exceljs.
    if (query.format === 'csv') return sendCsvCopy(deps.db, reply, { fileName: 'customers', ...exported });
    return sendExport(reply, {
      format: query.format,
      fileName: 'customers',
      columns: XLSX_COLUMNS,
      rows: streamRows<ExportRow>(deps.db, exported.rows),
    });
  });

  registerEndpoint(app, crmApi.getCustomer, ({ query }) => service.detail(query.id));
  registerEndpoint(app, crmApi.updateCustomer, ({ body, actor }) => service.update(body, actor));
  registerEndpoint(app, crmApi.createCustomer, ({ body, actor }) => service.create(body, actor));
  registerEndpoint(app, crmApi.addNote, async ({ body, actor }) => ({
    success: true as const,
    note: await service.addNote(body.customerId, body.body, actor),
  }));
}

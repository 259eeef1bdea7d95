import { CRM_MESSAGES, crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../lib/endpoint-route.ts';
import { sendCopyExport } from '../../../lib/export/copy.ts';
import { CUSTOMER_EXPORT_COLUMNS } from './customer-sql.ts';
import type { CustomersService } from './customers.service.ts';

/** The export query's columns (CUSTOMER_EXPORT_COLUMNS), the id a number cell in XLSX. */
const EXPORT_COLUMNS = CUSTOMER_EXPORT_COLUMNS.map((c) => ({ ...c, number: c.header === 'id' }));

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

  registerExportEndpoint(app, crmApi.exportCustomers, ({ query, reply }) => {
    // Both formats are read from PostgreSQL's COPY of the same query (lib/export/copy.ts).
    const { from } = service.exportQuery(query);
    return sendCopyExport(deps.db, reply, {
      format: query.format,
      fileName: 'customers',
      columns: EXPORT_COLUMNS,
      from,
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

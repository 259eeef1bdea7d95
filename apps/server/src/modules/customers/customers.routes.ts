import { CRM_MESSAGES, crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerEndpoint, registerExportEndpoint } from '../../lib/endpoint-route.ts';
import { sendExport, streamRows } from '../../lib/export/index.ts';
import { type CustomerRow, toCustomer } from './customer-mapping.ts';
import type { CustomersService } from './customers.service.ts';

const EXPORT_ROLES = ['admin', 'super'] as const;

/** Exported columns: the spec's mapped fields, without token_hash (a credential, not data). */
const EXPORT_COLUMNS = [
  { header: 'id', value: (c) => c.id },
  { header: 'user_name', value: (c) => c.user_name },
  { header: 'alias_name', value: (c) => c.alias_name },
  { header: 'alias_surname', value: (c) => c.alias_surname },
  { header: 'email', value: (c) => c.email },
  { header: 'phone', value: (c) => c.phone },
  { header: 'status', value: (c) => c.status },
  { header: 'active', value: (c) => (c.active ? 'yes' : 'no') },
  { header: 'kyc_status', value: (c) => c.kyc_status },
  { header: 'kyc_type_label', value: (c) => c.kyc_type_label },
  { header: 'roles', value: (c) => c.roles.join(', ') },
  { header: 'customer_type', value: (c) => c.customer_type },
  { header: 'created_at', value: (c) => c.created_at },
  { header: 'updated_at', value: (c) => c.updated_at },
] satisfies { header: string; value: (c: ReturnType<typeof toCustomer>) => string | number | null }[];

export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { db: Db; service: CustomersService },
): void {
  const { service } = deps;

  registerEndpoint(app, crmApi.getUsers, {}, async ({ query }) => {
    const page = await service.list(query);
    return {
      success: true,
      statusCode: 200,
      message: CRM_MESSAGES.customersFetched,
      users: page.items,
      nextCursor: page.nextCursor,
      prevCursor: page.prevCursor,
      total: page.total,
    };
  });

  registerEndpoint(app, crmApi.getCustomerFacets, {}, () => service.facets());

  registerExportEndpoint(app, crmApi.exportCustomers, { roles: EXPORT_ROLES }, async ({ query, reply }) => {
    const rows = streamRows<CustomerRow>(deps.db, service.exportQuery(query));
    async function* customers() {
      for await (const row of rows) yield toCustomer(row);
    }
    return sendExport(reply, {
      format: query.format,
      fileName: 'customers',
      columns: EXPORT_COLUMNS,
      rows: customers(),
    });
  });

  registerEndpoint(app, crmApi.getCustomer, {}, ({ query }) => service.detail(query.id));
  registerEndpoint(app, crmApi.updateCustomer, {}, ({ body, member }) => service.update(body, member.id));
  registerEndpoint(app, crmApi.createCustomer, { idempotent: true }, ({ body, member }) =>
    service.create(body, member.id),
  );
  registerEndpoint(app, crmApi.addNote, {}, async ({ body, member }) => ({
    success: true as const,
    note: await service.addNote(body.customerId, body.body, member.id),
  }));
}

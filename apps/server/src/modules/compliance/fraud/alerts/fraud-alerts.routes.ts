import { fraudApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerExportEndpoint } from '../../../../lib/endpoint-route.ts';
import { type ExportColumn, sendExport, streamRows } from '../../../../lib/export/index.ts';
import type { FraudAlertsService } from './fraud-alerts.service.ts';

type FraudAlertRow = fraudApi.FraudAlertRow;

const EXPORT_COLUMNS: readonly ExportColumn<FraudAlertRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'customer_id', value: (r) => r.customer_id },
  { header: 'user_name', value: (r) => r.user_name },
  { header: 'rule', value: (r) => r.rule_code },
  { header: 'rule_version', value: (r) => r.rule_version },
  { header: 'severity', value: (r) => r.severity },
  { header: 'status', value: (r) => r.status },
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'event_at', value: (r) => r.event_at },
  { header: 'raised_at', value: (r) => r.raised_at },
  { header: 'assignee', value: (r) => r.assignee?.display_name ?? null },
  { header: 'case_id', value: (r) => r.case_id },
  { header: 'closed_at', value: (r) => r.closed_at },
  { header: 'closed_by', value: (r) => r.closed_by?.display_name ?? null },
  { header: 'closing_note', value: (r) => r.closing_note },
];

export function registerFraudAlertRoutes(app: FastifyInstance, deps: { service: FraudAlertsService }): void {
  const { service } = deps;
  // Lists and exports read from the replica where there is one.
  registerEndpoint(app, fraudApi.listFraudAlerts, async ({ query, actor }) =>
    service.list(query, actor.memberId, await app.reads.db(actor.memberId)),
  );
  registerExportEndpoint(app, fraudApi.exportFraudAlerts, async ({ query, reply, actor }) => {
    const { format, sort, dir, ...filters } = query;
    return sendExport(reply, {
      format,
      fileName: 'fraud-alerts',
      columns: EXPORT_COLUMNS,
      rows: streamRows<FraudAlertRow>(
        await app.reads.db(actor.memberId),
        service.exportQuery(filters, { sort, dir }, actor.memberId),
      ),
    });
  });
  registerEndpoint(app, fraudApi.getFraudAlert, ({ query }) => service.detail(query.id));
  registerEndpoint(app, fraudApi.moveFraudAlert, async ({ body, actor }) => ({
    success: true as const,
    alert: await service.move(body, actor),
  }));
  registerEndpoint(app, fraudApi.assignFraudAlert, async ({ body, actor }) => ({
    success: true as const,
    alert: await service.assign(body, actor),
  }));
  registerEndpoint(app, fraudApi.commentFraudAlert, async ({ body, actor }) => ({
    success: true as const,
    comment: await service.comment(body, actor),
  }));
  registerEndpoint(app, fraudApi.restrictFromFraudAlert, async ({ body, actor }) => ({
    success: true as const,
    restriction_id: await service.restrict(body, actor),
  }));
  registerEndpoint(app, fraudApi.getLinkedCustomers, ({ query }) => service.linked(query.id));
  registerEndpoint(app, fraudApi.bulkFraudAlerts, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.bulk(body, actor)),
  }));
}

import { fraudApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client.ts';
import { AppError } from '../../../../lib/app-error.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../../lib/endpoint-route.ts';
import { type DocumentStore, sendStoredFile } from '../../../platform/documents/index.ts';
import { caseTimeline } from './fraud-case-timeline.ts';
import type { FraudCasesService } from './fraud-cases.service.ts';

/** Another part's `linkedCustomers` (fraud alerts), when it is there. */
export type LinkedCustomers = (
  db: Db,
  customerId: number,
) => Promise<{ items: { customer_id: number; user_name: string; links: { kind: string }[] }[] }>;

export function registerFraudCaseRoutes(
  app: FastifyInstance,
  deps: { db: Db; service: FraudCasesService; store: DocumentStore; linkedCustomers?: LinkedCustomers },
): void {
  const { service } = deps;

  registerEndpoint(app, fraudApi.listFraudCases, ({ query, actor }) => {
    const { sort, dir, cursor, limit, ...filters } = query;
    return service.page({ ...filters, sort, dir, cursor, limit }, actor.memberId);
  });
  registerEndpoint(app, fraudApi.getFraudCase, ({ query }) => service.detail(query.id));

  registerEndpoint(app, fraudApi.getFraudCaseTimeline, async ({ query }) => {
    const { case: c } = await service.detail(query.id);
    return caseTimeline(deps.db, c.id, c.customer_id, query.limit);
  });

  registerEndpoint(app, fraudApi.getFraudCaseLinked, async ({ query }) => {
    const { case: c } = await service.detail(query.id);
    if (!deps.linkedCustomers) return { items: [], available: false };
    const linked = await deps.linkedCustomers(deps.db, c.customer_id);
    return {
      available: true,
      items: linked.items.map((l) => ({
        customer_id: l.customer_id,
        user_name: l.user_name,
        via: l.links.map((k) => k.kind),
      })),
    };
  });

  registerEndpoint(app, fraudApi.openFraudCase, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.open(body, actor)),
  }));
  registerEndpoint(app, fraudApi.attachFraudCaseAlerts, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.attach(body, actor)),
  }));
  registerEndpoint(app, fraudApi.detachFraudCaseAlerts, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.detach(body, actor)),
  }));
  registerEndpoint(app, fraudApi.updateFraudCase, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.update(body, actor)),
  }));
  registerEndpoint(app, fraudApi.commentFraudCase, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.comment(body, actor)),
  }));
  registerEndpoint(app, fraudApi.closeFraudCase, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.close(body, actor)),
  }));
  registerEndpoint(app, fraudApi.draftFraudCaseReport, async ({ body, actor }) => ({
    success: true as const,
    report: await service.draftReport(body, actor),
  }));

  registerExportEndpoint(app, fraudApi.downloadFraudCaseReport, async ({ query, actor, reply }) => {
    const report = await service.recordDownload(query.id, actor);
    if (!(await deps.store.has(report.sha256))) throw new AppError('FRAUD_CASE_REPORT_NOT_FOUND');
    return sendStoredFile(reply, deps.store, {
      sha256: report.sha256,
      contentType: 'application/pdf',
      size: report.size_bytes,
      fileName: report.file_name,
    });
  });
}

import { fraudApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../../lib/app-error.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../../lib/endpoint-route.ts';
import { type DocumentStore, sendStoredFile } from '../../../platform/documents/index.ts';
import type { FraudCasesService } from './fraud-cases.service.ts';

export function registerFraudCaseRoutes(
  app: FastifyInstance,
  deps: { service: FraudCasesService; store: DocumentStore },
): void {
  const { service } = deps;

  registerEndpoint(app, fraudApi.listFraudCases, ({ query, actor }) => {
    const { sort, dir, cursor, limit, ...filters } = query;
    return service.page({ ...filters, sort, dir, cursor, limit }, actor.memberId);
  });
  registerEndpoint(app, fraudApi.getFraudCase, ({ query }) => service.detail(query.id));

  registerEndpoint(app, fraudApi.getFraudCaseTimeline, ({ query }) =>
    service.timeline(query.id, query.limit),
  );

  registerEndpoint(app, fraudApi.getFraudCaseLinked, async ({ query }) => {
    const linked = await service.linkedCustomers(query.id);
    if (!linked) return { items: [], available: false };
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
  registerEndpoint(app, fraudApi.reopenFraudCase, async ({ body, actor }) => ({
    success: true as const,
    ...(await service.reopen(body, actor)),
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

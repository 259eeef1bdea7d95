import { logsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint, registerExportEndpoint } from '../../../lib/endpoint-route.ts';
import { type ExportColumn, sendExport, streamRows } from '../../../lib/export/index.ts';
import type {
  AccessLogRepository,
  AccessLogStoredRow,
} from '../../platform/access-log/access-log.repository.ts';
import type { AuditTrailRepository, AuditTrailStoredRow } from '../audit-trail/audit-trail.repository.ts';
import { type CheckpointSigner, verifyChain } from './log-chain.ts';
import type { RetentionService } from './retention.ts';

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const ACCESS_COLUMNS: readonly ExportColumn<AccessLogStoredRow>[] = [
  { header: 'id', value: (r) => Number(r.id) },
  { header: 'at', value: (r) => r.at },
  { header: 'event', value: (r) => r.event },
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'user_name', value: (r) => r.user_name },
  { header: 'member', value: (r) => r.member_display_name },
  { header: 'ip', value: (r) => r.ip },
  { header: 'user_agent', value: (r) => r.user_agent },
  { header: 'detail', value: (r) => json(r.detail) },
];

const AUDIT_COLUMNS: readonly ExportColumn<AuditTrailStoredRow>[] = [
  { header: 'id', value: (r) => Number(r.id) },
  { header: 'at', value: (r) => r.at },
  { header: 'member', value: (r) => r.member_user_name },
  { header: 'entity', value: (r) => r.entity },
  { header: 'entity_id', value: (r) => r.entity_id },
  { header: 'action', value: (r) => r.action },
  { header: 'customer_id', value: (r) => (r.customer_id === null ? null : Number(r.customer_id)) },
  { header: 'before', value: (r) => json(r.before) },
  { header: 'after', value: (r) => json(r.after) },
  { header: 'request_id', value: (r) => r.request_id },
];

/** Verification reads every row: a few a minute per address is plenty for people and scripts. */
const VERIFY_PER_MINUTE = 20;

export function registerAccessLogRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    accessLog: AccessLogRepository;
    auditTrail: AuditTrailRepository;
    signer: CheckpointSigner;
    retention: RetentionService;
  },
): void {
  const { db } = deps;
  // Large, append-only tables: lists and exports read from the replica where there is one (app.reads).
  const source = (memberId: number) => app.reads.db(memberId);
  registerEndpoint(app, logsApi.listAccessLog, async ({ query, actor }) =>
    deps.accessLog.page(await source(actor.memberId), query),
  );
  registerEndpoint(app, logsApi.countAccessLog, async ({ query, actor }) => ({
    total: await deps.accessLog.count(await source(actor.memberId), query),
  }));
  registerExportEndpoint(app, logsApi.exportAccessLog, async ({ query, reply, actor }) => {
    const { format, sort: _sort, ...filters } = query;
    const from = await source(actor.memberId);
    return sendExport(reply, {
      format,
      fileName: 'access-log',
      columns: ACCESS_COLUMNS,
      rows: streamRows<AccessLogStoredRow>(from, deps.accessLog.exportQuery(filters)),
    });
  });

  registerEndpoint(app, logsApi.listAuditTrail, async ({ query, actor }) =>
    deps.auditTrail.page(await source(actor.memberId), query),
  );
  registerEndpoint(app, logsApi.countAuditTrail, async ({ query, actor }) => ({
    total: await deps.auditTrail.count(await source(actor.memberId), query),
  }));
  registerExportEndpoint(app, logsApi.exportAuditTrail, async ({ query, reply, actor }) => {
    const { format, sort: _sort, ...filters } = query;
    const from = await source(actor.memberId);
    return sendExport(reply, {
      format,
      fileName: 'audit-trail',
      columns: AUDIT_COLUMNS,
      rows: streamRows<AuditTrailStoredRow>(from, deps.auditTrail.exportQuery(filters)),
    });
  });

  registerEndpoint(app, logsApi.verifyLog, ({ query }) => verifyChain(db, query.log, deps.signer), {
    perMinute: VERIFY_PER_MINUTE,
  });

  registerEndpoint(app, logsApi.getRetention, () => deps.retention.get());
  registerEndpoint(app, logsApi.setRetention, async ({ body, actor }) => ({
    success: true as const,
    retention: await deps.retention.set(body, actor),
  }));
}

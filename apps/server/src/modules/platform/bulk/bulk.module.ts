import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { ApprovalsService } from '../approvals/approvals.service.ts';
import { createChanges } from '../audit/changes.ts';
import { registerBulkRoutes } from './bulk.routes.ts';
import { type BulkGate, createBulkGate } from './bulk-gate.ts';
import { createBulkSettings } from './bulk-settings.ts';

export type { BulkActionHandler, BulkGate, BulkPayload } from './bulk-gate.ts';

/** Wires proportionate bulk actions: the threshold setting's routes and the gate areas hold their bulk actions at. */
export function registerBulkModule(
  app: FastifyInstance,
  { db, approvals }: { db: Db; approvals: ApprovalsService },
): BulkGate {
  registerBulkRoutes(app, { settings: createBulkSettings({ db, changes: createChanges(db) }) });
  return createBulkGate({ approvals });
}

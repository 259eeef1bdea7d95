import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createAssetsRepository } from './assets.repository.ts';
import { registerAssetsRoutes } from './assets.routes.ts';
import { createAssetsService } from './assets.service.ts';

/** The asset catalogue for staff: the limit form's contracts, the places amounts are shown with. */
export function registerAssetsModule(app: FastifyInstance, { db }: { db: Db }): void {
  registerAssetsRoutes(app, { assets: createAssetsService({ db, repo: createAssetsRepository() }) });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createSavedViewsRepository } from './saved-views.repository.ts';
import { registerSavedViewsRoutes } from './saved-views.routes.ts';
import { createSavedViewsService } from './saved-views.service.ts';

export function registerSavedViewsModule(app: FastifyInstance, { db }: { db: Db }): void {
  registerSavedViewsRoutes(app, {
    service: createSavedViewsService({ db, repo: createSavedViewsRepository() }),
  });
}

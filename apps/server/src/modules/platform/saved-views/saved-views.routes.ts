import { savedViewsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { createSavedViewsRepository } from './saved-views.repository.ts';
import { createSavedViewsService } from './saved-views.service.ts';

/** Saved filters of the web app's lists, each member's own (the list kit's "Saved filters" menu). */
export function registerSavedViewsModule(app: FastifyInstance, { db }: { db: Db }): void {
  const service = createSavedViewsService({ db, repo: createSavedViewsRepository() });
  registerEndpoint(app, savedViewsApi.listSavedViews, ({ query, member }) =>
    service.list(member.id, query.list),
  );
  registerEndpoint(app, savedViewsApi.saveView, ({ body, member }) => service.save(member.id, body));
  registerEndpoint(app, savedViewsApi.deleteSavedView, ({ body, member }) =>
    service.delete(member.id, body.id),
  );
}

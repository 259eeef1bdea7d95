import { savedViewsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { SavedViewsService } from './saved-views.service.ts';

export function registerSavedViewsRoutes(
  app: FastifyInstance,
  { service }: { service: SavedViewsService },
): void {
  registerEndpoint(app, savedViewsApi.listSavedViews, ({ query, member }) =>
    service.list(member.id, query.list),
  );
  registerEndpoint(app, savedViewsApi.saveView, ({ body, member }) => service.save(member.id, body));
  registerEndpoint(app, savedViewsApi.deleteSavedView, ({ body, member }) =>
    service.delete(member.id, body.id),
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestContext } from '../../../lib/request-identity.ts';
import type { ScimCaller, ScimService } from './scim.service.ts';
import { paging, parseEqFilter } from './scim-filter.ts';
import { groupPatch, groupReplacement } from './scim-group.ts';
import {
  checkIfMatch,
  checkText,
  MAX_RESULTS,
  MAX_START_INDEX,
  notFound,
  SCIM,
  SCIM_MEDIA_TYPE,
  ScimError,
} from './scim-protocol.ts';
import {
  groupOf,
  groupResource,
  groupVersion,
  listResponse,
  ROLE_GROUPS,
  resourceTypes,
  schemas,
  serviceProviderConfig,
  userResource,
} from './scim-resources.ts';
import { userFromResource } from './scim-user.ts';

export const SCIM_PREFIX = '/scim/v2';
/** A SCIM body is small: a user, a group's member list (at most 1,000 entries), a PatchOp. */
const BODY_LIMIT = 256 * 1024;

const send = (reply: FastifyReply, status: number, body: unknown, etag?: string) => {
  reply.code(status).type(SCIM_MEDIA_TYPE);
  if (etag) reply.header('ETag', etag);
  return reply.send(JSON.stringify(body));
};

type Params = { id: string };
type Query = Record<string, string | undefined>;

/**
 * `/scim/v2` (RFC 7644): its own content type, its own error schema for every refusal (never
 * Backdesk's ApiError), a bearer token on every request. Kept out of /api/openapi.json (its document
 * is `scim-openapi.ts`, served at /scim/v2/openapi.json).
 */
export function registerScimRoutes(
  app: FastifyInstance,
  opts: { service: ScimService; publicOrigin: string | undefined; document: () => unknown },
): void {
  const { service } = opts;
  const baseOf = (request: FastifyRequest) =>
    `${opts.publicOrigin ?? `${request.protocol}://${request.host}`}${SCIM_PREFIX}`;

  app.register(
    async (scim) => {
      scim.addContentTypeParser(
        SCIM_MEDIA_TYPE,
        { parseAs: 'string', bodyLimit: BODY_LIMIT },
        (_request, body, done) => {
          try {
            done(null, body === '' ? undefined : JSON.parse(body as string));
          } catch {
            done(new ScimError(400, 'The body is not valid JSON', 'invalidSyntax'), undefined);
          }
        },
      );

      scim.setErrorHandler((error, request, reply) => {
        if (error instanceof ScimError) return send(reply, error.status, error.body());
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500) {
          const detail =
            status === 415 ? `Send ${SCIM_MEDIA_TYPE} or application/json` : (error as Error).message;
          return send(
            reply,
            status,
            new ScimError(status, detail, status === 400 ? 'invalidSyntax' : undefined).body(),
          );
        }
        request.log.error({ err: error }, 'SCIM request failed');
        return send(reply, 500, new ScimError(500, 'The request could not be completed').body());
      });

      scim.setNotFoundHandler((request, reply) =>
        send(
          reply,
          404,
          new ScimError(404, `Not found: ${request.method} ${request.url.split('?')[0]}`).body(),
        ),
      );

      const hidden = { schema: { hide: true }, bodyLimit: BODY_LIMIT };

      // The document is open like /api/openapi.json: it says what the service answers, nothing of its data.
      scim.get('/openapi.json', { schema: { hide: true } }, async () => opts.document());

      // Every other route needs the token, checked before the body is read; then the body's text.
      const callers = new WeakMap<FastifyRequest, ScimCaller>();
      scim.addHook('onRequest', async (request) => {
        if (request.routeOptions.url === `${SCIM_PREFIX}/openapi.json`) return;
        const scimTokenId = await service.authenticate(request.headers.authorization);
        const { ip, userAgent } = requestContext(request);
        callers.set(request, {
          actor: { memberId: null, scimTokenId, requestId: request.id },
          ip,
          userAgent,
        });
      });
      scim.addHook('preValidation', async (request) => {
        checkText(request.body);
        checkText(request.query);
      });
      const caller = (request: FastifyRequest) => callers.get(request)!;
      const ifMatch = (request: FastifyRequest) => request.headers['if-match'] as string | undefined;

      // ── discovery (RFC 7644 4) ────────────────────────────────────────────
      scim.get('/ServiceProviderConfig', hidden, (request, reply) =>
        send(reply, 200, serviceProviderConfig(baseOf(request))),
      );
      scim.get('/ResourceTypes', hidden, (request, reply) => {
        const types = resourceTypes(baseOf(request));
        return send(reply, 200, listResponse(types, types.length, 1));
      });
      scim.get<{ Params: Params }>('/ResourceTypes/:id', hidden, (request, reply) => {
        const type = resourceTypes(baseOf(request)).find((t) => t.id === request.params.id);
        if (!type) throw notFound('ResourceType');
        return send(reply, 200, type);
      });
      scim.get('/Schemas', hidden, (request, reply) => {
        const all = schemas(baseOf(request));
        return send(reply, 200, listResponse(all, all.length, 1));
      });
      scim.get<{ Params: Params }>('/Schemas/:id', hidden, (request, reply) => {
        const schema = schemas(baseOf(request)).find((s) => s.id === request.params.id);
        if (!schema) throw notFound('Schema');
        return send(reply, 200, schema);
      });

      // ── Users ─────────────────────────────────────────────────────────────
      scim.get<{ Querystring: Query }>('/Users', hidden, async (request, reply) => {
        const { filter } = request.query;
        const eq = filter ? parseEqFilter(filter, ['userName', 'externalId', 'id'], SCIM.user) : undefined;
        const page = await service.listUsers(eq, request.query);
        const base = baseOf(request);
        return send(
          reply,
          200,
          listResponse(
            page.rows.map((m) => userResource(m, base)),
            page.total,
            page.startIndex,
          ),
        );
      });
      scim.post('/Users', hidden, async (request, reply) => {
        const member = await service.createUser(userFromResource(request.body), caller(request));
        const resource = userResource(member, baseOf(request));
        reply.header('Location', resource.meta.location);
        return send(reply, 201, resource, resource.meta.version);
      });
      scim.get<{ Params: Params }>('/Users/:id', hidden, async (request, reply) => {
        const resource = userResource(await service.getUser(request.params.id), baseOf(request));
        return send(reply, 200, resource, resource.meta.version);
      });
      scim.put<{ Params: Params }>('/Users/:id', hidden, async (request, reply) => {
        const fields = userFromResource(request.body);
        const member = await service.replaceUser(
          request.params.id,
          fields,
          ifMatch(request),
          caller(request),
        );
        const resource = userResource(member, baseOf(request));
        return send(reply, 200, resource, resource.meta.version);
      });
      scim.patch<{ Params: Params }>('/Users/:id', hidden, async (request, reply) => {
        const member = await service.patchUser(
          request.params.id,
          request.body,
          ifMatch(request),
          caller(request),
        );
        const resource = userResource(member, baseOf(request));
        return send(reply, 200, resource, resource.meta.version);
      });
      scim.delete<{ Params: Params }>('/Users/:id', hidden, async (request, reply) => {
        await service.deleteUser(request.params.id, ifMatch(request), caller(request));
        return reply.code(204).send();
      });

      // ── Groups: the roles ─────────────────────────────────────────────────
      const group = (id: string) => {
        const role = groupOf(id);
        if (!role) throw notFound('Group');
        return role;
      };
      scim.get<{ Querystring: Query }>('/Groups', hidden, async (request, reply) => {
        const { filter, excludedAttributes } = request.query;
        const eq = filter ? parseEqFilter(filter, ['displayName', 'id'], SCIM.group) : undefined;
        const roles = ROLE_GROUPS.filter((role) => !eq || eq.value.toLowerCase() === role);
        const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(excludedAttributes ?? '');
        const page = paging(request.query, MAX_RESULTS, MAX_START_INDEX);
        const shown = roles.slice(page.startIndex - 1, page.startIndex - 1 + page.count);
        const base = baseOf(request);
        const resources = await Promise.all(
          shown.map(async (role) => groupResource(role, await service.holding(role), base, withMembers)),
        );
        return send(reply, 200, listResponse(resources, roles.length, page.startIndex));
      });
      scim.post('/Groups', hidden, async (request) => {
        const body = request.body as { displayName?: unknown } | undefined;
        const role = typeof body?.displayName === 'string' ? groupOf(body.displayName) : undefined;
        if (role)
          throw new ScimError(
            409,
            `The group ${role} exists: link it (GET /Groups?filter=displayName eq "${role}")`,
            'uniqueness',
          );
        throw new ScimError(
          400,
          `Backdesk's groups are its roles: ${ROLE_GROUPS.join(', ')}`,
          'invalidValue',
        );
      });
      scim.get<{ Params: Params; Querystring: Query }>('/Groups/:id', hidden, async (request, reply) => {
        const role = group(request.params.id);
        const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(request.query.excludedAttributes ?? '');
        const resource = groupResource(role, await service.holding(role), baseOf(request), withMembers);
        return send(reply, 200, resource, resource.meta.version);
      });
      const changeGroup = async (
        request: FastifyRequest<{ Params: Params }>,
        reply: FastifyReply,
        put: boolean,
      ) => {
        const role = group(request.params.id);
        const membership = put ? groupReplacement(role, request.body) : groupPatch(role, request.body);
        const holders = await service.setRoleHolders(
          role,
          membership,
          (current) => checkIfMatch(ifMatch(request), groupVersion(current)),
          caller(request),
        );
        const resource = groupResource(role, holders, baseOf(request));
        return send(reply, 200, resource, resource.meta.version);
      };
      scim.put<{ Params: Params }>('/Groups/:id', hidden, (request, reply) =>
        changeGroup(request, reply, true),
      );
      scim.patch<{ Params: Params }>('/Groups/:id', hidden, (request, reply) =>
        changeGroup(request, reply, false),
      );
      scim.delete<{ Params: Params }>('/Groups/:id', hidden, async (request) => {
        group(request.params.id);
        throw new ScimError(400, 'A role group cannot be deleted; remove its members instead', 'mutability');
      });
    },
    { prefix: SCIM_PREFIX },
  );
}

import { STATUS_CODES } from 'node:http';
import { SCIM, SCIM_MEDIA_TYPE } from './scim-protocol.ts';

type Json = Record<string, unknown>;

const scimError: Json = {
  type: 'object',
  required: ['schemas', 'status', 'detail'],
  properties: {
    schemas: { type: 'array', items: { const: SCIM.error } },
    status: { type: 'string', description: 'The HTTP status, as a string (RFC 7644 3.12)' },
    scimType: {
      type: 'string',
      enum: [
        'invalidFilter',
        'tooMany',
        'uniqueness',
        'mutability',
        'invalidSyntax',
        'invalidPath',
        'noTarget',
        'invalidValue',
        'invalidVers',
      ],
    },
    detail: { type: 'string' },
  },
};

const resource = (description: string): Json => ({
  type: 'object',
  description,
  properties: { schemas: { type: 'array', items: { type: 'string' } }, id: { type: 'string' } },
  additionalProperties: true,
});

const WHY: Record<number, string> = {
  400: 'Not the SCIM schema, an unknown attribute path, an unsupported filter, bad text or paging (`scimType` says which)',
  401: 'No valid SCIM bearer token',
  404: 'No such resource (a local or deleted member is not a SCIM resource)',
  409: 'The userName is taken (`uniqueness`)',
  412: 'If-Match names a version that is no longer current (`invalidVers`)',
  413: 'The body is too large',
  415: `The body is not ${SCIM_MEDIA_TYPE} or application/json`,
  500: 'The request could not be completed',
};

function operation(
  summary: string,
  ok: { status: number; schema?: Json; description: string },
  errors: number[],
  body?: Json,
) {
  const responses: Record<string, Json> = {
    [ok.status]: ok.schema
      ? {
          description: ok.description,
          headers: { ETag: { schema: { type: 'string' }, description: 'meta.version' } },
          content: { [SCIM_MEDIA_TYPE]: { schema: ok.schema } },
        }
      : { description: ok.description },
  };
  for (const status of [...errors, 401, 500])
    responses[status] = {
      description: `${STATUS_CODES[status]}: ${WHY[status]}`,
      content: { [SCIM_MEDIA_TYPE]: { schema: scimError } },
    };
  return {
    summary,
    tags: ['scim'],
    security: [{ bearerAuth: [] }],
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { [SCIM_MEDIA_TYPE]: { schema: body }, 'application/json': { schema: body } },
          },
        }
      : {}),
    responses,
  };
}

const ifMatch = { name: 'If-Match', in: 'header', required: false, schema: { type: 'string' } };
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const listQuery = ['filter', 'startIndex', 'count', 'excludedAttributes'].map((name) => ({
  name,
  in: 'query',
  required: false,
  schema: { type: 'string' },
}));

const user = resource('A User (RFC 7643 4.1)');
const group = resource('A Group: a Backdesk role (admin, super, manager)');
const list = resource('A ListResponse (RFC 7644 3.4.2)');
const patch = resource('A PatchOp request (RFC 7644 3.5.2)');
const changes = [400, 404, 409, 412, 413, 415];

/** The OpenAPI document of `/scim/v2` (served at /scim/v2/openapi.json). */
export function scimOpenApi(publicOrigin: string | undefined) {
  const p = (path: string) => `/scim/v2${path}`;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Backdesk SCIM 2.0',
      version: '1.0.0',
      description:
        'Member provisioning for Okta, Entra ID and other identity providers (RFC 7643/7644, docs/sso.md)',
    },
    ...(publicOrigin ? { servers: [{ url: publicOrigin }] } : {}),
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    paths: {
      [p('/ServiceProviderConfig')]: {
        get: operation(
          'What this service supports',
          { status: 200, schema: resource('ServiceProviderConfig'), description: 'The configuration' },
          [400],
        ),
      },
      [p('/ResourceTypes')]: {
        get: operation(
          'The resource types',
          { status: 200, schema: list, description: 'User and Group' },
          [400],
        ),
      },
      [p('/ResourceTypes/{id}')]: {
        get: {
          ...operation(
            'One resource type',
            { status: 200, schema: resource('ResourceType'), description: 'It' },
            [400, 404],
          ),
          parameters: [id],
        },
      },
      [p('/Schemas')]: {
        get: operation('The schemas', { status: 200, schema: list, description: 'User and Group' }, [400]),
      },
      [p('/Schemas/{id}')]: {
        get: {
          ...operation(
            'One schema',
            { status: 200, schema: resource('Schema'), description: 'It' },
            [400, 404],
          ),
          parameters: [id],
        },
      },
      [p('/Users')]: {
        get: {
          ...operation(
            'Provisioned members, by `userName eq`, `externalId eq` or `id eq`, paged',
            { status: 200, schema: list, description: 'A page' },
            [400],
          ),
          parameters: listQuery,
        },
        post: operation(
          'Create a member (source scim, no roles until a group adds them)',
          { status: 201, schema: user, description: 'Created' },
          [400, 409, 413, 415],
          user,
        ),
      },
      [p('/Users/{id}')]: {
        parameters: [id],
        get: operation(
          'One provisioned member',
          { status: 200, schema: user, description: 'The user' },
          [400, 404],
        ),
        put: {
          ...operation(
            'Replace a member',
            { status: 200, schema: user, description: 'Replaced' },
            changes,
            user,
          ),
          parameters: [ifMatch],
        },
        patch: {
          ...operation(
            'Change a member (active false deactivates and ends their sessions)',
            { status: 200, schema: user, description: 'Changed' },
            changes,
            patch,
          ),
          parameters: [ifMatch],
        },
        delete: {
          ...operation(
            'Delete: the member is deactivated, kept, and no longer a SCIM resource',
            { status: 204, description: 'Deleted' },
            [400, 404, 412],
          ),
          parameters: [ifMatch],
        },
      },
      [p('/Groups')]: {
        get: {
          ...operation('The role groups', { status: 200, schema: list, description: 'A page' }, [400]),
          parameters: listQuery,
        },
        post: operation(
          'Refused: the groups are the roles (409 for an existing one, to link it)',
          { status: 201, schema: group, description: 'Never' },
          [400, 409, 413, 415],
          group,
        ),
      },
      [p('/Groups/{id}')]: {
        parameters: [id],
        get: operation(
          'One role group with its provisioned members',
          { status: 200, schema: group, description: 'The group' },
          [400, 404],
        ),
        put: {
          ...operation(
            "Replace a role's provisioned members",
            { status: 200, schema: group, description: 'Replaced' },
            [400, 404, 412, 413, 415],
            group,
          ),
          parameters: [ifMatch],
        },
        patch: {
          ...operation(
            "Add or remove a role's members",
            { status: 200, schema: group, description: 'Changed' },
            [400, 404, 412, 413, 415],
            patch,
          ),
          parameters: [ifMatch],
        },
        delete: operation(
          'Refused: a role group cannot be deleted',
          { status: 204, description: 'Never' },
          [400, 404],
        ),
      },
    },
  };
}

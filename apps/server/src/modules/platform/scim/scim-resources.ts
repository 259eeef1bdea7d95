import { createHash } from 'node:crypto';
import type { ScimMemberRow } from './scim.repository.ts';
import { etagOf, MAX_RESULTS, SCIM } from './scim-protocol.ts';

/** Backdesk's groups are its panel roles, one group each: a member of it holds that role. */
export const ROLE_GROUPS = ['admin', 'super', 'manager'] as const;
export type RoleGroup = (typeof ROLE_GROUPS)[number];

export const groupOf = (id: string): RoleGroup | undefined =>
  ROLE_GROUPS.find((role) => role === id.trim().toLowerCase());

/** The User resource of a provisioned member (RFC 7643 4.1). */
export function userResource(member: ScimMemberRow, base: string) {
  return {
    schemas: [SCIM.user],
    id: String(member.id),
    ...(member.scim_external_id ? { externalId: member.scim_external_id } : {}),
    userName: member.scim_user_name,
    name: { formatted: member.display_name },
    displayName: member.display_name,
    ...(member.email ? { emails: [{ value: member.email, type: 'work', primary: true }] } : {}),
    active: member.status === 'active',
    groups: member.roles
      .filter((role): role is RoleGroup => groupOf(role) !== undefined)
      .map((role) => ({ value: role, display: role, $ref: `${base}/Groups/${role}` })),
    meta: {
      resourceType: 'User',
      created: member.created_at,
      lastModified: member.updated_at,
      location: `${base}/Users/${member.id}`,
      version: etagOf(member.version),
    },
  };
}

/** A group's version: its members and their versions, so any change to who holds the role changes it. */
export const groupVersion = (members: ScimMemberRow[]) =>
  createHash('sha256')
    .update(members.map((m) => `${m.id}.${m.version}`).join(','))
    .digest('hex')
    .slice(0, 16);

export function groupResource(role: RoleGroup, members: ScimMemberRow[], base: string, withMembers = true) {
  return {
    schemas: [SCIM.group],
    id: role,
    displayName: role,
    ...(withMembers
      ? {
          members: members.map((m) => ({
            value: String(m.id),
            display: m.scim_user_name,
            $ref: `${base}/Users/${m.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      location: `${base}/Groups/${role}`,
      version: etagOf(groupVersion(members)),
    },
  };
}

export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [SCIM.listResponse],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** RFC 7643 5: what this service provider supports. */
export const serviceProviderConfig = (base: string) => ({
  schemas: [SCIM.serviceProviderConfig],
  documentationUri: 'https://github.com/backdesk/backdesk/blob/main/docs/sso.md',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: true },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'A SCIM token issued in Settings → Members (shown once)',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

export const resourceTypes = (base: string) => [
  {
    schemas: [SCIM.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A staff member',
    schema: SCIM.user,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: [SCIM.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A Backdesk role (admin, super, manager): its members hold it',
    schema: SCIM.group,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

const attribute = (
  name: string,
  type: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The attributes Backdesk keeps (RFC 7643 7); others a provider sends are ignored, or refused in a PATCH path. */
export const schemas = (base: string) => [
  {
    schemas: [SCIM.schema],
    id: SCIM.user,
    name: 'User',
    description: 'A staff member',
    attributes: [
      attribute('userName', 'string', { required: true, uniqueness: 'server' }),
      attribute('externalId', 'string', { caseExact: true }),
      attribute('displayName', 'string'),
      attribute('name', 'complex', {
        subAttributes: [
          attribute('formatted', 'string'),
          attribute('givenName', 'string'),
          attribute('familyName', 'string'),
        ],
      }),
      attribute('emails', 'complex', {
        multiValued: true,
        subAttributes: [
          attribute('value', 'string'),
          attribute('type', 'string'),
          attribute('primary', 'boolean'),
        ],
      }),
      attribute('active', 'boolean'),
      attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM.user}` },
  },
  {
    schemas: [SCIM.schema],
    id: SCIM.group,
    name: 'Group',
    description: 'A Backdesk role',
    attributes: [
      attribute('displayName', 'string', { required: true, mutability: 'immutable', uniqueness: 'server' }),
      attribute('members', 'complex', {
        multiValued: true,
        subAttributes: [
          attribute('value', 'string', { mutability: 'immutable' }),
          attribute('display', 'string'),
        ],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM.group}` },
  },
];

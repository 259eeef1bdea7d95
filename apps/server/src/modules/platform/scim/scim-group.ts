import { badValue, SCIM, ScimError } from './scim-protocol.ts';
import type { RoleGroup } from './scim-resources.ts';
import { patchOperations, requireSchema } from './scim-user.ts';

/** A new set of member ids from the current one. */
export type Membership = (current: Set<string>) => Set<string>;

const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]{1,20})"\s*\]$/i;

/** The ids of a `members` value: `[{"value":"7"}, …]` (one object alone is taken as a list of one). */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    const id = (entry as { value?: unknown } | null)?.value;
    if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d{1,9}$/.test(String(id)))
      throw badValue('Each member must be {"value": "<user id>"}');
    return String(id);
  });
}

function sameName(role: RoleGroup, value: unknown) {
  if (typeof value !== 'string' || value.trim().toLowerCase() !== role)
    throw new ScimError(400, "A role group's displayName cannot change", 'mutability');
}

/** A Group PUT (RFC 7644 3.5.1): its members become the role's holders. */
export function groupReplacement(role: RoleGroup, body: unknown): Membership {
  const group = requireSchema(body, SCIM.group);
  sameName(role, group.displayName);
  const ids = group.members === undefined || group.members === null ? [] : memberIds(group.members);
  return () => new Set(ids);
}

/**
 * A Group PATCH (RFC 7644 3.5.2) with Okta's and Entra's shapes: add/remove/replace of `members`
 * (remove with a value list, or `members[value eq "…"]`, or all), or a path-less value object.
 */
export function groupPatch(role: RoleGroup, body: unknown): Membership {
  const steps: Membership[] = patchOperations(body).map(({ op, path, value }) => {
    if (path === undefined) {
      const attributes = value as Record<string, unknown>;
      if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes))
        throw badValue('Without a path, value must be an object of attributes');
      for (const key of Object.keys(attributes))
        if (key !== 'members' && key !== 'displayName' && key !== 'id' && key !== 'schemas')
          throw new ScimError(400, `Unknown attribute path: ${key}`, 'invalidPath');
      if (attributes.displayName !== undefined) sameName(role, attributes.displayName);
      if (attributes.members === undefined) return (current) => current;
      const ids = memberIds(attributes.members);
      return op === 'replace' ? () => new Set(ids) : (current) => new Set([...current, ...ids]);
    }
    const trimmed = path.trim();
    const one = MEMBER_PATH.exec(trimmed);
    if (one) {
      if (op !== 'remove') throw new ScimError(400, 'Only remove takes a member filter path', 'invalidPath');
      return (current) => new Set([...current].filter((id) => id !== one[1]));
    }
    const key = trimmed.toLowerCase();
    if (key === 'displayname') {
      if (op === 'remove') throw new ScimError(400, 'displayName is required', 'mutability');
      sameName(role, value);
      return (current) => current;
    }
    if (key !== 'members') throw new ScimError(400, `Unknown attribute path: ${trimmed}`, 'invalidPath');
    if (op === 'remove') {
      if (value === undefined) return () => new Set();
      const gone = new Set(memberIds(value));
      return (current) => new Set([...current].filter((id) => !gone.has(id)));
    }
    const ids = memberIds(value);
    return op === 'replace' ? () => new Set(ids) : (current) => new Set([...current, ...ids]);
  });
  return (current) => steps.reduce((set, step) => step(set), current);
}

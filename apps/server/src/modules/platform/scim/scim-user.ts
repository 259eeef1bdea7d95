import { badValue, SCIM, ScimError } from './scim-protocol.ts';

/** What a provider sets of a member through SCIM; the rest (roles by Groups, two-factor) is not its. */
export interface UserFields {
  userName: string;
  externalId: string | null;
  displayName: string;
  email: string | null;
  active: boolean;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

function textOf(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string' || !value.trim()) throw badValue(`${name} must be a non-empty string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw badValue(`${name} may have at most ${max} characters`);
  return trimmed;
}

const optionalText = (value: unknown, name: string, max: number): string | null =>
  value === null || value === undefined || value === '' ? null : textOf(value, name, max);

/** Entra sends booleans as "True"/"False" in some PATCH requests. */
function booleanOf(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw badValue(`${name} must be a boolean`);
}

/** The primary email of `emails` (or the first), checked. */
function emailOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw badValue('emails must be an array');
  const entries = value.map((entry) => {
    if (!isObject(entry)) throw badValue('Each of emails must be an object with a value');
    return entry;
  });
  const chosen = entries.find((entry) => entry.primary === true || entry.primary === 'true') ?? entries[0];
  if (!chosen) return null;
  const email = textOf(chosen.value, 'emails.value', 254);
  if (!EMAIL.test(email)) throw badValue(`${email} is not an email address`);
  return email;
}

function nameDisplay(name: unknown): string | null {
  if (name === undefined || name === null) return null;
  if (!isObject(name)) throw badValue('name must be an object');
  const formatted = optionalText(name.formatted, 'name.formatted', 100);
  if (formatted) return formatted;
  const parts = [
    optionalText(name.givenName, 'name.givenName', 100),
    optionalText(name.familyName, 'name.familyName', 100),
  ];
  const joined = parts.filter(Boolean).join(' ');
  if (joined.length > 100) throw badValue('name may have at most 100 characters');
  return joined || null;
}

export function requireSchema(body: unknown, urn: string): Json {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a JSON object', 'invalidSyntax');
  if (!Array.isArray(body.schemas) || !body.schemas.includes(urn))
    throw new ScimError(400, `schemas must list ${urn}`, 'invalidSyntax');
  return body;
}

/** A whole User resource, as POST and PUT send it (RFC 7643 4.1); unknown attributes are ignored. */
export function userFromResource(body: unknown): UserFields {
  const resource = requireSchema(body, SCIM.user);
  const userName = textOf(resource.userName, 'userName', 254);
  const displayName =
    optionalText(resource.displayName, 'displayName', 100) ??
    nameDisplay(resource.name) ??
    userName.slice(0, 100);
  return {
    userName,
    externalId: optionalText(resource.externalId, 'externalId', 200),
    displayName,
    email: emailOf(resource.emails),
    active: resource.active === undefined ? true : booleanOf(resource.active, 'active'),
  };
}

type Op = 'add' | 'replace' | 'remove';

/** One attribute path of a PATCH, with the core schema's URN taken off (`…:User:active` → `active`). */
function normalPath(path: string): string {
  const trimmed = path.trim();
  if (trimmed.toLowerCase().startsWith(`${SCIM.user.toLowerCase()}:`))
    return trimmed.slice(SCIM.user.length + 1);
  return trimmed;
}

/** Applies one attribute of a PATCH to `user`; an attribute it does not know is `invalidPath`. */
function applyPath(user: UserFields, op: Op, rawPath: string, value: unknown): void {
  const path = normalPath(rawPath);
  const key = path.toLowerCase();
  const removing = op === 'remove';
  switch (key) {
    case 'active':
      if (removing) throw new ScimError(400, 'active cannot be removed', 'mutability');
      user.active = booleanOf(value, 'active');
      return;
    case 'username':
      if (removing) throw new ScimError(400, 'userName is required', 'mutability');
      user.userName = textOf(value, 'userName', 254);
      return;
    case 'displayname':
      user.displayName = removing ? user.userName.slice(0, 100) : textOf(value, 'displayName', 100);
      return;
    case 'name.formatted':
    case 'name':
      if (removing) return;
      user.displayName =
        (key === 'name' ? nameDisplay(value) : optionalText(value, 'name.formatted', 100)) ??
        user.displayName;
      return;
    // Backdesk keeps one display name: the parts are taken when sent whole, accepted and kept no further alone.
    case 'name.givenname':
    case 'name.familyname':
      if (!removing) optionalText(value, path, 100);
      return;
    case 'externalid':
      user.externalId = removing ? null : optionalText(value, 'externalId', 200);
      return;
    case 'emails':
      user.email = removing ? null : emailOf(Array.isArray(value) ? value : [value]);
      return;
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value': {
      if (removing) {
        user.email = null;
        return;
      }
      const email = textOf(value, 'emails.value', 254);
      if (!EMAIL.test(email)) throw badValue(`${email} is not an email address`);
      user.email = email;
      return;
    }
    case 'groups':
      throw new ScimError(400, "A user's groups are changed through /Groups", 'mutability');
    case 'id':
    case 'meta':
      throw new ScimError(400, `${path} is read-only`, 'mutability');
    default:
      throw new ScimError(400, `Unknown attribute path: ${path}`, 'invalidPath');
  }
}

/** The operations of a PatchOp request (RFC 7644 3.5.2), checked before any is applied. */
export function patchOperations(body: unknown): { op: Op; path: string | undefined; value: unknown }[] {
  const request = requireSchema(body, SCIM.patchOp);
  const ops = request.Operations;
  if (!Array.isArray(ops) || ops.length === 0)
    throw new ScimError(400, 'Operations must be a non-empty array', 'invalidSyntax');
  if (ops.length > 100) throw new ScimError(400, 'At most 100 operations per request', 'tooMany');
  return ops.map((entry) => {
    if (!isObject(entry)) throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax');
    const op = typeof entry.op === 'string' ? entry.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw new ScimError(400, 'op must be add, replace or remove', 'invalidSyntax');
    if (
      entry.path !== undefined &&
      (typeof entry.path !== 'string' || !entry.path.trim() || entry.path.length > 300)
    )
      throw new ScimError(400, 'path must be a non-empty string', 'invalidPath');
    if (op === 'remove' && entry.path === undefined)
      throw new ScimError(400, 'A remove needs a path', 'noTarget');
    if (op !== 'remove' && entry.value === undefined) throw badValue(`${op} needs a value`);
    return { op, path: entry.path as string | undefined, value: entry.value };
  });
}

/**
 * A User after a PATCH: each operation applied in order to a copy; with no path the value's members
 * are the attributes (Okta's and Entra's `{"op":"replace","value":{"active":false}}`).
 */
export function patchedUser(current: UserFields, body: unknown): UserFields {
  const user = { ...current };
  for (const { op, path, value } of patchOperations(body)) {
    if (path !== undefined) {
      applyPath(user, op, path, value);
      continue;
    }
    if (!isObject(value)) throw badValue('Without a path, value must be an object of attributes');
    for (const [attribute, inner] of Object.entries(value)) {
      // Entra names the enterprise extension as a key; Backdesk holds none of its attributes.
      if (attribute === ENTERPRISE)
        throw new ScimError(400, `Unknown attribute path: ${attribute}`, 'invalidPath');
      if (attribute === 'schemas') continue;
      applyPath(user, op, attribute, inner);
    }
  }
  return user;
}

/** The words of SCIM 2.0 (RFC 7643 schemas, RFC 7644 protocol) that Backdesk answers with. */

export const SCIM_MEDIA_TYPE = 'application/scim+json';
export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The most resources one list answers (ServiceProviderConfig `filter.maxResults`). */
export const MAX_RESULTS = 200;
/** A startIndex past this finds nothing anyone has; beyond it is refused as absurd. */
export const MAX_START_INDEX = 2_147_483_647;

/** RFC 7644 3.12 `scimType` values Backdesk answers. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers';

/** A refusal in the SCIM error schema (RFC 7644 3.12), thrown by the service and answered by the routes. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }

  body() {
    return {
      schemas: [SCIM.error],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

export const badValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const notFound = (what: string) => new ScimError(404, `${what} not found`);

/** meta.version as a weak ETag of the row's version (RFC 7644 3.14). */
export const etagOf = (version: number | string) => `W/"${version}"`;

/**
 * The version an If-Match names, or undefined when there is none or it is `*`; a malformed one is a
 * 412 like a stale one (it can match nothing).
 */
export function ifMatchVersion(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const match = /^(?:W\/)?"([^"]*)"$/.exec(value);
  return match ? match[1]! : '\u0000';
}

/** Refuses a stale If-Match (RFC 7644 3.14: 412 Precondition Failed). */
export function checkIfMatch(header: string | undefined, current: number | string): void {
  const wanted = ifMatchVersion(header);
  if (wanted !== undefined && wanted !== String(current))
    throw new ScimError(
      412,
      'The resource was changed since this version (If-Match); read it again',
      'invalidVers',
    );
}

/** NUL and the other control characters but tab, line feed and carriage return. */
const isControl = (code: number) => (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
};

/**
 * Refuses text PostgreSQL cannot store (NUL) and control characters anywhere in a request body,
 * before anything reads it, and bounds its depth.
 */
export function checkText(value: unknown, depth = 0): void {
  if (depth > 8) throw new ScimError(400, 'The request nests too deeply', 'invalidSyntax');
  if (typeof value === 'string') {
    if (hasControl(value)) throw badValue('Text may not hold control characters');
  } else if (Array.isArray(value)) {
    if (value.length > 1000) throw new ScimError(400, 'Too many values in one array', 'tooMany');
    for (const item of value) checkText(item, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      checkText(key, depth + 1);
      checkText(item, depth + 1);
    }
  }
}

import type { IntegrationScope, PublicEndpointDef } from '@backdesk/contract';
import { AUTH_COOKIES } from '@backdesk/contract/auth-cookies';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { bearerToken, requestContext } from '../../../lib/request-identity.ts';
import type { RequestCounter } from '../../../plugins/rate-limit.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { hashSecret, parseApiKey, secretMatches } from './api-keys.ts';
import type { CallLog } from './call-log.ts';
import type { IntegrationsRepository, KeyForRequest } from './integrations.repository.ts';

/** The integration and key a public request was authenticated as. */
export interface PublicCaller {
  id: number;
  name: string;
  keyId: number;
  keyPrefix: string;
  scopes: IntegrationScope[];
  keyExpiresAt: Date | null;
}

/** What the call log learns of a request while it runs. */
export interface CallFacts {
  startedAt: Date;
  /** Set once the key's secret matched, even when the key is then refused (revoked, disabled…). */
  integrationId: number | null;
  keyId: number | null;
  counts: { received: number | null; applied: number | null; refused: number | null };
  errorCode: string | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * What every public endpoint shares (modules/platform/integrations/public-endpoint.ts): who is
 * asking, read from PostgreSQL on every request, so a revoked key or a disabled integration is
 * refused at the next request on every node; the per-key limit counted in PostgreSQL; the call log;
 * Idempotency-Key per integration. The endpoints registered, for the public OpenAPI document.
 */
export function createPublicApi(deps: {
  clock: Clock;
  repo: IntegrationsRepository;
  counter: RequestCounter;
  callLog: CallLog;
  idempotency: IdempotencyService;
}) {
  const { clock, repo, counter } = deps;
  const endpoints: PublicEndpointDef[] = [];

  /**
   * The caller of a public request, or the refusal (docs/decisions/0025-exchange-integration.md): a
   * session cookie (400), a missing, malformed, unknown, revoked or expired key or a disabled
   * integration (401, alike), an address outside the allowlist (403), the key's limit (429), a
   * scope the integration lacks (403), in that order.
   */
  async function authenticate(
    request: FastifyRequest,
    endpoint: PublicEndpointDef,
    facts: CallFacts,
  ): Promise<PublicCaller> {
    if (
      request.cookies[AUTH_COOKIES.access] !== undefined ||
      request.cookies[AUTH_COOKIES.refresh] !== undefined
    )
      throw new AppError('PUBLIC_API_COOKIE_REFUSED');
    const token = bearerToken(request);
    const parsed = token === undefined ? undefined : parseApiKey(token);
    if (!parsed) throw new AppError('API_KEY_INVALID');
    const address = requestContext(request).ip;
    const now = clock.now();
    // One round trip, on the counter's pool (not the main pool ingestion fills): the key, its count
    // for the minute and its last use (the statement counts and touches only what passes below).
    const { rows, retryAfter } = await counter.takeWithin<KeyForRequest & { hits: number | null }>(
      (windowStart) =>
        repo.keyCountedStatement({
          prefix: parsed.prefix,
          address,
          secretHash: hashSecret(parsed.secret),
          scope: endpoint.scope ?? null,
          now,
          windowStart,
        }),
    );
    const row = rows[0] && {
      ...rows[0],
      expires_at: dateOrNull(rows[0].expires_at),
      revoked_at: dateOrNull(rows[0].revoked_at),
    };
    if (!row || !secretMatches(parsed.secret, row.secret_hash)) throw new AppError('API_KEY_INVALID');
    facts.integrationId = row.integration_id;
    facts.keyId = row.key_id;
    const expired = row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
    if (row.revoked_at !== null || expired || !row.enabled) throw new AppError('API_KEY_INVALID');
    if (!row.address_allowed) throw new AppError('API_ADDRESS_REFUSED');
    const retryAfterSeconds = retryAfter(row.hits, row.requests_per_minute);
    if (retryAfterSeconds !== undefined) throw new AppError('TOO_MANY_REQUESTS', {}, { retryAfterSeconds });
    if (endpoint.scope && !row.scopes.includes(endpoint.scope))
      throw new AppError('API_SCOPE_MISSING', { scope: endpoint.scope });
    return {
      id: row.integration_id,
      name: row.name,
      keyId: row.key_id,
      keyPrefix: parsed.prefix,
      scopes: row.scopes as IntegrationScope[],
      keyExpiresAt: row.expires_at,
    };
  }

  return {
    authenticate,
    endpoints,
    callLog: deps.callLog,
    idempotency: deps.idempotency,
    clock,
  };
}
export type PublicApi = ReturnType<typeof createPublicApi>;

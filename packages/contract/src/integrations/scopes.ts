// Free of zod, so the web app can list scopes before the schemas load.

/**
 * What an integration's keys may call on the public API (docs/decisions/0025-exchange-integration.md).
 * `ingest:rates` covers the asset catalogue and the rates; balance snapshots are `ingest:wallet`.
 */
export const INTEGRATION_SCOPES = [
  'ingest:customers',
  'ingest:wallet',
  'ingest:p2p',
  'ingest:sign-ins',
  'ingest:documents',
  'ingest:rates',
  'checks:withdrawal',
  'checks:p2p',
  'events:read',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

export const isIntegrationScope = (value: unknown): value is IntegrationScope =>
  typeof value === 'string' && (INTEGRATION_SCOPES as readonly string[]).includes(value);

/** The visible start of every key: `bdk_<8 hex>_<43 base64url>`; the prefix is `bdk_<8 hex>`. */
export const API_KEY_PATTERN = /^(bdk_[0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

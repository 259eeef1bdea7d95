// @backdesk/client: the exchange's side of Backdesk's public API (docs/integration.md).
export * from './client.ts';
export * from './errors.ts';
export type { RetryOptions } from './transport.ts';
export * from './webhooks.ts';

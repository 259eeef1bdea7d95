// The public API's descriptors (`/api/v1/...`): each part of the API adds its own file here.
export * from './checks.ts';
export * from './endpoint.ts';
export * from './event-payloads.ts';
export * from './events.ts';
export * from './ingest.ts';
export * from './travel-rule.ts';
export * from './whoami.ts';

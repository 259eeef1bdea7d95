// What other parts of the server use of the integrations platform.
export type { IntegrationActor } from '../audit/changes.ts';
export { generateApiKey, parseApiKey } from './api-keys.ts';
export type { CallRecord } from './call-log.ts';
export { registerIntegrationsPlatform } from './integrations.module.ts';
export { createIntegrationsRepository } from './integrations.repository.ts';
export {
  createIntegrationsService,
  type IntegrationInput,
  type IntegrationsService,
} from './integrations.service.ts';
export type { PublicCaller } from './public-api.ts';
export {
  type CallCounts,
  type PublicEndpointInput,
  type PublicEndpointOptions,
  publicEndpointOfRoute,
  registerPublicEndpoint,
} from './public-endpoint.ts';
export { publicOpenApiDocument } from './public-openapi.ts';
export { ensureSimulatorKey, SIMULATOR_INTEGRATION } from './simulator-key.ts';

import { complianceApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { SelfHostedService } from './self-hosted.service.ts';
import type { TravelRuleService } from './travel-rule.service.ts';
import type { TravelRuleRelease } from './travel-rule-release.ts';
import type { TravelRuleSettingsService } from './travel-rule-settings.ts';
import type { VaspsService } from './vasps.service.ts';

export function registerTravelRuleRoutes(
  app: FastifyInstance,
  deps: {
    records: TravelRuleService;
    release: TravelRuleRelease;
    settings: TravelRuleSettingsService;
    vasps: VaspsService;
    selfHosted: SelfHostedService;
  },
): void {
  const { records, release, settings, vasps, selfHosted } = deps;
  const api = complianceApi;
  registerEndpoint(app, api.getTravelRuleSettings, () => settings.read());
  registerEndpoint(app, api.updateTravelRuleSettings, async ({ body, actor }) => ({
    success: true as const,
    settings: await settings.update(body, actor),
  }));

  registerEndpoint(app, api.listTravelRuleQueue, ({ query }) => records.queue(query));
  registerEndpoint(app, api.getTravelRuleRecord, ({ query }) => records.get(query.id));
  registerEndpoint(app, api.revealTravelRuleRecord, ({ body, actor }) => records.reveal(body.id, actor));
  registerEndpoint(app, api.editTravelRuleRecord, async ({ body, actor }) => ({
    success: true as const,
    record: await records.edit(body, actor),
  }));
  registerEndpoint(app, api.requestTravelRuleInformation, async ({ body, actor }) => ({
    success: true as const,
    record: await records.requestInformation(body, actor),
  }));
  registerEndpoint(app, api.verifyTravelRuleRecord, async ({ body, actor }) => ({
    success: true as const,
    record: await release.verify(body, actor),
  }));
  registerEndpoint(app, api.returnTravelRuleRecord, async ({ body, actor }) => ({
    success: true as const,
    record: await records.returnTransfer(body, actor),
  }));
  registerEndpoint(app, api.rejectTravelRuleRecord, async ({ body, actor }) => ({
    success: true as const,
    record: await records.reject(body, actor),
  }));

  registerEndpoint(app, api.listVasps, ({ query }) => vasps.list(query));
  registerEndpoint(app, api.getVasp, ({ query }) => vasps.get(query.id));
  registerEndpoint(app, api.createVasp, async ({ body, actor }) => ({
    success: true as const,
    vasp: await vasps.create(body, actor),
  }));
  registerEndpoint(app, api.updateVasp, async ({ body, actor }) => ({
    success: true as const,
    vasp: await vasps.update(body, actor),
  }));
  registerEndpoint(app, api.importVasps, ({ body, actor }) => vasps.importRows(body, actor));
  registerEndpoint(app, api.deleteVasp, ({ body, actor }) => vasps.remove(body, actor));
  registerEndpoint(app, api.addVaspAddress, async ({ body, actor }) => ({
    success: true as const,
    address: await vasps.addAddress(body, actor),
  }));
  registerEndpoint(app, api.configureVaspTrp, ({ body, actor }) => vasps.configureTrp(body, actor));
  registerEndpoint(app, api.removeVaspAddress, ({ body, actor }) => vasps.removeAddress(body, actor));

  registerEndpoint(app, api.listSelfHostedWallets, ({ query }) => selfHosted.list(query));
  registerEndpoint(app, api.recordSelfHostedProof, ({ body, actor }) => selfHosted.recordProof(body, actor));
}

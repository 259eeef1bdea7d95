import { complianceApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerExportEndpoint } from '../../../lib/endpoint-route.ts';
import { exportRunOf } from '../../../lib/export/background.ts';
import { sendExport, streamRows } from '../../../lib/export/index.ts';
import type { SelfHostedService } from './self-hosted.service.ts';
import type { TravelRuleService } from './travel-rule.service.ts';
import { EXPORT_COLUMNS, type ExportRow, type TravelRuleExport } from './travel-rule-export.ts';
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
    exports: TravelRuleExport;
  },
): void {
  const { records, release, settings, vasps, selfHosted, exports } = deps;
  const api = complianceApi;
  registerEndpoint(app, api.getTravelRuleSettings, () => settings.read());
  registerEndpoint(app, api.updateTravelRuleSettings, async ({ body, actor }) => ({
    success: true as const,
    settings: await settings.update(body, actor),
  }));

  registerEndpoint(app, api.listTravelRuleQueue, ({ query }) => records.queue(query));
  registerEndpoint(app, api.countTravelRuleQueue, ({ query }) => records.queueCount(query));
  registerExportEndpoint(app, api.exportTravelRuleRecords, async ({ query, reply, actor }) => {
    const { format, ...filters } = query;
    const { statement, asked } = await exports.query(filters);
    // The ask is audited once: a large export replayed by the background job is the same ask.
    if (!exportRunOf(reply)) await exports.audit({ ...asked, format }, actor);
    return sendExport(reply, {
      format,
      fileName: 'travel-rule-records',
      columns: EXPORT_COLUMNS,
      rows: streamRows<ExportRow>(await app.reads.db(actor.memberId), statement),
    });
  });
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

import { REPORTING_CURRENCY, reportsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { ReportsService } from './reports.service.ts';

export function registerReportRoutes(app: FastifyInstance, { service }: { service: ReportsService }): void {
  registerEndpoint(app, reportsApi.getDepositReportsConfig, () => service.depositConfig());
  registerEndpoint(app, reportsApi.reportDepositCsc, ({ query }) => service.report('csc', query));
  registerEndpoint(app, reportsApi.reportFinancial, ({ query }) => service.report('financial', query));
  registerEndpoint(app, reportsApi.reportTransactions, ({ query }) => service.report('transactions', query));
  registerEndpoint(app, reportsApi.reportP2p, ({ query }) => service.report('p2p', query));
  registerEndpoint(app, reportsApi.reportCompliance, ({ query }) => service.report('compliance', query));
  registerEndpoint(app, reportsApi.reportCustomers, ({ query }) => service.report('customers', query));
  registerEndpoint(app, reportsApi.reportFraudSecurity, ({ query }) =>
    service.report('fraud-security', query),
  );
  registerEndpoint(app, reportsApi.reportTravelRule, ({ query }) => service.report('travel-rule', query));
  registerEndpoint(app, reportsApi.listReportRates, async () => ({
    currency: REPORTING_CURRENCY,
    items: await service.rates(),
  }));
  registerEndpoint(app, reportsApi.setReportRate, async ({ body, actor }) => ({
    success: true as const,
    rate: await service.setRate(body, actor),
  }));
}

import { dashboardApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { DashboardService } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, deps: { service: DashboardService }): void {
  registerEndpoint(app, dashboardApi.getDashboardKpis, () => deps.service.kpis());
}

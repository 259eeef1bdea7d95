import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { OpenAlertsKpi } from '../../features/compliance/fraud/summary/open-alerts-kpi.tsx';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { OpenWorkSlot } from '../../features/inbox/open-work-slot.tsx';
import { DashboardCharts } from '../../features/reports/dashboard-charts.tsx';

export const Route = createFileRoute('/_app/')({
  // fraud: the open-alerts figure is worded by the fraud area (features/compliance/fraud/summary).
  loader: () => i18next.loadNamespaces(['dashboard', 'inbox', 'fraud']),
  component: DashboardRoute,
});

function DashboardRoute() {
  return (
    <DashboardPage OpenAlertsKpi={OpenAlertsKpi} charts={<DashboardCharts />} openWork={<OpenWorkSlot />} />
  );
}

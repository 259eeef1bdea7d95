import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';

export const Route = createFileRoute('/_app/')({
  // fraud: the open-alerts figure is worded by the fraud area (features/fraud/summary).
  loader: () => i18next.loadNamespaces(['dashboard', 'inbox', 'fraud']),
  component: DashboardPage,
});

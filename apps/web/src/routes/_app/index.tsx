import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

export const Route = createFileRoute('/_app/')({
  loader: () => i18next.loadNamespaces(['dashboard', 'inbox']),
  component: DashboardPage,
});

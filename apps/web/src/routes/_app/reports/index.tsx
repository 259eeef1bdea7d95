import { createFileRoute } from '@tanstack/react-router';
import { ReportsIndexPage } from '../../../features/reports/reports-index-page.tsx';

export const Route = createFileRoute('/_app/reports/')({
  component: ReportsIndexPage,
});

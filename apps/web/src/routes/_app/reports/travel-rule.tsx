import { createFileRoute } from '@tanstack/react-router';
import { ReportPage } from '../../../features/reports/report-page.tsx';
import { validateReportSearch } from '../../../features/reports/report-search.ts';

export const Route = createFileRoute('/_app/reports/travel-rule')({
  validateSearch: validateReportSearch,
  component: () => <ReportPage name="travel-rule" />,
});

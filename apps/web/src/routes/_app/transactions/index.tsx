import { createFileRoute } from '@tanstack/react-router';
import { TransactionsOverviewPage } from '../../../features/transactions/overview/transactions-overview-page.tsx';

export const Route = createFileRoute('/_app/transactions/')({
  component: TransactionsOverviewPage,
});

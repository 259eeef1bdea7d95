import { createFileRoute } from '@tanstack/react-router';
import { CommissionsPage } from '../../../features/transactions/commissions/commissions-page.tsx';

export const Route = createFileRoute('/_app/transactions/commissions')({
  component: CommissionsPage,
});

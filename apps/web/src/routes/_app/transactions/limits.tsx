import { createFileRoute } from '@tanstack/react-router';
import { LimitsPage } from '../../../features/transactions/limits/limits-page.tsx';

export const Route = createFileRoute('/_app/transactions/limits')({
  component: LimitsPage,
});

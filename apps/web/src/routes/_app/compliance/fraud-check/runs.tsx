import { createFileRoute } from '@tanstack/react-router';
import { FraudSectionPending } from '../../../../features/fraud/components/fraud-section-pending.tsx';

export const Route = createFileRoute('/_app/compliance/fraud-check/runs')({
  component: FraudSectionPending,
});

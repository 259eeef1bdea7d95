import { createFileRoute } from '@tanstack/react-router';
import { ScreeningPage } from '../../../../features/fraud/screening/screening-page.tsx';

export const Route = createFileRoute('/_app/compliance/fraud-check/screening')({
  component: ScreeningPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { ScreeningPage } from '../../../../features/compliance/fraud/screening/screening-page.tsx';

export const Route = createFileRoute('/_app/compliance/fraud-check/screening')({
  component: ScreeningPage,
});

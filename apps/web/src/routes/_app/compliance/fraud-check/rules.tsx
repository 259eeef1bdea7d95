import { createFileRoute } from '@tanstack/react-router';
import { RulesPage } from '../../../../features/compliance/fraud/rules/rules-page.tsx';

export const Route = createFileRoute('/_app/compliance/fraud-check/rules')({
  component: RulesPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { TravelRuleRulesPage } from '../../../../features/compliance/travel-rule/travel-rule-rules.tsx';

export const Route = createFileRoute('/_app/compliance/travel-rule/rules')({
  component: TravelRuleRulesPage,
});

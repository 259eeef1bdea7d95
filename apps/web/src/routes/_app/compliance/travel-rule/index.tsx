import {
  TRAVEL_RULE_DIRECTIONS,
  TRAVEL_RULE_JURISDICTIONS,
  TRAVEL_RULE_OPEN_STATES,
  TRAVEL_RULE_SORT_KEYS,
} from '@backdesk/contract/compliance/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { TravelRuleQueuePage } from '../../../../features/compliance/travel-rule/travel-rule-queue.tsx';

export const Route = createFileRoute('/_app/compliance/travel-rule/')({
  ...listRoute(
    listSearch({
      sortKeys: TRAVEL_RULE_SORT_KEYS,
      sort: 'created_at',
      dir: 'asc',
      filters: {
        state: TRAVEL_RULE_OPEN_STATES,
        jurisdiction: TRAVEL_RULE_JURISDICTIONS,
        direction: TRAVEL_RULE_DIRECTIONS,
      },
    }),
    'compliance.travel-rule',
  ),
  component: TravelRuleQueuePage,
});

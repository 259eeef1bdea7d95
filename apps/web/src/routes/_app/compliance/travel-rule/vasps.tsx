import {
  TRAVEL_RULE_JURISDICTIONS,
  VASP_DUE_DILIGENCE,
  VASP_SORT_KEYS,
} from '@backdesk/contract/compliance/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { VaspsPage } from '../../../../features/compliance/travel-rule/vasps-page.tsx';

export const Route = createFileRoute('/_app/compliance/travel-rule/vasps')({
  ...listRoute(
    listSearch({
      sortKeys: VASP_SORT_KEYS,
      sort: 'name',
      dir: 'asc',
      filters: { q: 'text', jurisdiction: TRAVEL_RULE_JURISDICTIONS, due_diligence: VASP_DUE_DILIGENCE },
    }),
    'compliance.vasps',
  ),
  component: VaspsPage,
});

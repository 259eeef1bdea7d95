import { RESTRICTION_KINDS, RESTRICTION_SORT_KEYS, RESTRICTION_STATES } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { RestrictionsPage } from '../../../../features/crm/restrictions/restrictions-page.tsx';

export const Route = createFileRoute('/_app/crm/customers/restrictions')({
  ...listRoute(
    listSearch({
      sortKeys: RESTRICTION_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      filters: { kind: RESTRICTION_KINDS, state: RESTRICTION_STATES, customer: 'text' },
    }),
    'crm.restrictions',
  ),
  component: RestrictionsPage,
});

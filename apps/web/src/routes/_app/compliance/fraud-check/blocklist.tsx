import { BLOCKLIST_KINDS } from '@backdesk/contract/fraud/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import {
  BLOCKLIST_SORT_KEYS,
  BLOCKLIST_STATES,
} from '../../../../features/compliance/fraud/blocklist/blocklist-keys.ts';
import { BlocklistPage } from '../../../../features/compliance/fraud/blocklist/blocklist-page.tsx';

export const Route = createFileRoute('/_app/compliance/fraud-check/blocklist')({
  ...listRoute(
    listSearch({
      sortKeys: BLOCKLIST_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      filters: { kind: BLOCKLIST_KINDS, state: BLOCKLIST_STATES, value: 'text', network: 'text' },
    }),
    'fraud.blocklist',
  ),
  component: BlocklistPage,
});

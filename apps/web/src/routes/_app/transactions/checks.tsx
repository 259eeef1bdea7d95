import { CHECK_DECISIONS, CHECK_KINDS, CHECK_SORT_KEYS } from '@backdesk/contract/transactions/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { RealtimeChecksPage } from '../../../features/transactions/checks/realtime-checks-page.tsx';

export const Route = createFileRoute('/_app/transactions/checks')({
  ...listRoute(
    listSearch({
      sortKeys: CHECK_SORT_KEYS,
      sort: 'evaluated_at',
      dir: 'desc',
      filters: { decision: CHECK_DECISIONS, kind: CHECK_KINDS, from: 'text', to: 'text' },
    }),
    'transactions.checks',
  ),
  component: RealtimeChecksPage,
});

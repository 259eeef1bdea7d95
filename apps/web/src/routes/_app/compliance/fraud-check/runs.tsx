import { FRAUD_RUN_KINDS, FRAUD_RUN_STATUSES } from '@backdesk/contract/fraud/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { RUN_SORT_KEYS } from '../../../../features/compliance/fraud/runs/run-keys.ts';
import { RunsPage } from '../../../../features/compliance/fraud/runs/runs-page.tsx';

export const Route = createFileRoute('/_app/compliance/fraud-check/runs')({
  ...listRoute(
    listSearch({
      sortKeys: RUN_SORT_KEYS,
      sort: 'created_at',
      dir: 'desc',
      // `run`: the run open in the drawer (runsSource leaves it out of the query).
      filters: { kind: FRAUD_RUN_KINDS, status: FRAUD_RUN_STATUSES, run: 'text' },
    }),
    'fraud.runs',
  ),
  component: RunsPage,
});

import { FRAUD_CASE_STATUSES } from '@backdesk/contract/fraud/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../../components/list-page/list-search.ts';
import { CasesPage } from '../../../../../features/compliance/fraud/cases/cases-page.tsx';

// The contract's FRAUD_CASE_SORT_KEYS and owner filters (fraud/cases.ts), repeated here because
// route options load before zod (list-search.ts).
const SORT_KEYS = ['opened_at', 'follow_up_at'] as const;

export const Route = createFileRoute('/_app/compliance/fraud-check/cases/')({
  ...listRoute(
    listSearch({
      sortKeys: SORT_KEYS,
      sort: 'opened_at',
      dir: 'desc',
      filters: { status: FRAUD_CASE_STATUSES, owner: ['me', 'none'], customer: 'text', due: ['yes'] },
    }),
    'fraud.cases',
  ),
  component: CasesPage,
});

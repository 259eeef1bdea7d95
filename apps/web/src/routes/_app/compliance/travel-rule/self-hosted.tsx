import { SELF_HOSTED_PROOF_STATES, SELF_HOSTED_SORT_KEYS } from '@backdesk/contract/compliance/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { SelfHostedPage } from '../../../../features/compliance/travel-rule/self-hosted-page.tsx';

export const Route = createFileRoute('/_app/compliance/travel-rule/self-hosted')({
  ...listRoute(
    listSearch({
      sortKeys: SELF_HOSTED_SORT_KEYS,
      sort: 'proof_checked_at',
      dir: 'asc',
      filters: { q: 'text', proof: SELF_HOSTED_PROOF_STATES, network: 'text' },
    }),
    'compliance.self-hosted',
  ),
  component: SelfHostedPage,
});

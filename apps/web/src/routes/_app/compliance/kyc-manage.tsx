import { KYC_CASE_ASSIGNEES, KYC_QUEUE_SORT_KEYS, KYC_SLA_STATES } from '@backdesk/contract/compliance/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { KycManagePage } from '../../../features/compliance/kyc/kyc-manage-page.tsx';

export const Route = createFileRoute('/_app/compliance/kyc-manage')({
  ...listRoute(
    listSearch({
      sortKeys: KYC_QUEUE_SORT_KEYS,
      sort: 'waiting_since',
      // Oldest first: nobody waits unseen.
      dir: 'asc',
      filters: {
        assignee: KYC_CASE_ASSIGNEES,
        sla: KYC_SLA_STATES,
        customer: 'text',
        // The case open in the review (a customer id); not a filter of the queue (queueSource's `local`).
        case: 'text',
      },
    }),
    'compliance.queue',
  ),
  component: KycManagePage,
});

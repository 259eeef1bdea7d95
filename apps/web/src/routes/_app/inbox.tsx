import {
  INBOX_ASSIGNED_FILTERS,
  INBOX_KINDS,
  INBOX_READ_FILTERS,
  INBOX_SORT_KEYS,
  INBOX_STATES,
} from '@backdesk/contract/inbox/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../components/list-page/list-search.ts';
import { InboxPage } from '../../features/inbox/inbox-page.tsx';

export const Route = createFileRoute('/_app/inbox')({
  ...listRoute(
    listSearch({
      sortKeys: INBOX_SORT_KEYS,
      sort: 'opened_at',
      dir: 'desc',
      filters: {
        kind: INBOX_KINDS,
        state: INBOX_STATES,
        read: INBOX_READ_FILTERS,
        assigned: INBOX_ASSIGNED_FILTERS,
      },
    }),
    'inbox.items',
  ),
  component: InboxPage,
});

import { ACCESS_EVENTS, ACCESS_OUTCOMES, LOG_SORT_KEYS, type LogTab } from '@backdesk/contract/access-log';
import { AUDIT_ENTITIES } from '@backdesk/contract/audit';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { AccessLogsPage } from '../../../features/logs/access-logs-page.tsx';

const DATE = 'text' as const;

// Two lists on one page: the tab picks which one the URL's filters (and the loader) are about.
const access = listRoute(
  listSearch({
    sortKeys: LOG_SORT_KEYS,
    sort: 'at',
    dir: 'desc',
    filters: {
      member: 'text',
      event: ACCESS_EVENTS,
      outcome: ACCESS_OUTCOMES,
      ip: 'text',
      from: DATE,
      to: DATE,
    },
  }),
  'logs.access',
);
const audit = listRoute(
  listSearch({
    sortKeys: LOG_SORT_KEYS,
    sort: 'at',
    dir: 'desc',
    filters: { member: 'text', entity: AUDIT_ENTITIES, customer: 'text', from: DATE, to: DATE },
  }),
  'logs.audit',
);

type Search = ReturnType<typeof access.validateSearch> &
  ReturnType<typeof audit.validateSearch> & { tab?: LogTab };

export const Route = createFileRoute('/_app/logs/access')({
  validateSearch: (raw: Record<string, unknown>): Search =>
    (raw.tab === 'audit'
      ? { ...audit.validateSearch(raw), tab: 'audit' }
      : access.validateSearch(raw)) as Search,
  loaderDeps: ({ search }: { search: Search }) => search,
  loader: (context: Parameters<typeof access.loader>[0] & { deps: Search }) =>
    context.deps.tab === 'audit' ? audit.loader(context as never) : access.loader(context as never),
  component: AccessLogsPage,
});

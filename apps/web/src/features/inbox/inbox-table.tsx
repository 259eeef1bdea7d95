import type { InboxItem } from '@backdesk/contract';
import {
  INBOX_ASSIGNED_FILTERS,
  INBOX_KINDS,
  INBOX_READ_FILTERS,
  INBOX_STATES,
} from '@backdesk/contract/inbox/keys';
import { Checkbox, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { defineList, type ListFiltersProps, SelectFilter } from '../../components/list-page/index.ts';
import { useAmount } from '../../lib/amounts.ts';
import { inboxSource } from './inbox-api.ts';
import { InboxAge, InboxKind, InboxSla, InboxSubject } from './inbox-cells.tsx';

/** The items ticked for a bulk action, held by the page. */
export const InboxSelection = createContext<{ ids: ReadonlySet<number>; toggle: (id: number) => void }>({
  ids: new Set(),
  toggle: () => {},
});

/** Long subjects and names are cut with an ellipsis (the whole text on hover) so a 1280 px screen fits. */
const SUBJECT_WIDTH = 200;
const ASSIGNEE_WIDTH = 120;

function SelectCell({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const selection = useContext(InboxSelection);
  return (
    <Checkbox
      aria-label={t('actions.selectItem', { id: item.id })}
      checked={selection.ids.has(item.id)}
      onChange={() => selection.toggle(item.id)}
      onClick={(e) => e.stopPropagation()}
      data-testid="inbox-select"
    />
  );
}

function useInboxColumns(): DataTableColumn<InboxItem>[] {
  const { t } = useTranslation('inbox');
  const amount = useAmount();
  return [
    {
      accessor: 'select',
      title: t('columns.select'),
      width: 44,
      render: (item) => <SelectCell item={item} />,
    },
    {
      accessor: 'kind',
      title: t('columns.kind'),
      noWrap: true,
      render: (item) => <InboxKind item={item} />,
    },
    {
      accessor: 'subject',
      title: t('columns.subject'),
      render: (item) => <InboxSubject item={item} maw={SUBJECT_WIDTH} />,
    },
    {
      accessor: 'amount',
      title: t('columns.amount'),
      textAlign: 'right',
      noWrap: true,
      render: (item) => amount(item.amount, item.asset),
    },
    {
      accessor: 'opened_at',
      title: t('columns.age'),
      noWrap: true,
      render: (item) => <InboxAge item={item} />,
    },
    {
      accessor: 'sla',
      title: t('columns.sla'),
      noWrap: true,
      render: (item) => <InboxSla item={item} />,
    },
    { accessor: 'state', title: t('columns.state'), render: (item) => t(`states.${item.state}`) },
    {
      accessor: 'assignee',
      title: t('columns.assignee'),
      render: (item) => (
        <Text size="sm" truncate="end" maw={ASSIGNEE_WIDTH} title={item.assignee?.display_name}>
          {item.assignee?.display_name ?? '—'}
        </Text>
      ),
    },
  ];
}

function InboxFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('inbox');
  return (
    <>
      <SelectFilter
        {...filter('kind')}
        label={t('columns.kind')}
        options={INBOX_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        width={210}
        testId="filter-kind"
      />
      <SelectFilter
        {...filter('state')}
        label={t('filters.state')}
        placeholder={t('states.open')}
        options={INBOX_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        width={150}
        testId="filter-state"
      />
      <SelectFilter
        {...filter('read')}
        label={t('filters.read')}
        options={INBOX_READ_FILTERS.map((r) => ({ value: r, label: t(`read.${r}`) }))}
        width={150}
        testId="filter-read"
      />
      <SelectFilter
        {...filter('assigned')}
        label={t('filters.assigned')}
        options={INBOX_ASSIGNED_FILTERS.map((a) => ({ value: a, label: t(`assigned.${a}`) }))}
        width={170}
        testId="filter-assigned"
      />
    </>
  );
}

export const inboxList = defineList({
  key: 'inbox.items',
  source: inboxSource,
  testId: 'inbox-list',
  rowKey: 'id',
  useColumns: useInboxColumns,
  Filters: InboxFilters,
  rowAttributes: (item) => ({ 'data-read': item.read ? 'true' : 'false', 'data-kind': item.kind }),
  namespaces: ['inbox'],
  // The list shows open work unless filtered otherwise: its state is the filter's, and a 1280 px screen
  // fits the rest with the row's actions.
  hiddenByDefault: ['state'],
});

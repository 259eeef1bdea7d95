import type { fraudApi } from '@backdesk/contract';
import { BLOCKLIST_KINDS } from '@backdesk/contract/fraud/keys';
import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../../components/list-page/index.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { blocklistSource } from './blocklist-api.ts';
import { BLOCKLIST_STATES } from './blocklist-keys.ts';
import { blocklistEndpoints } from './endpoints.ts';

type Entry = fraudApi.BlocklistEntry;

function useBlocklistColumns(): DataTableColumn<Entry>[] {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  const kit = useColumnKit();
  return [
    {
      accessor: 'kind',
      title: t('blocklist.columns.kind'),
      sortable: true,
      noWrap: true,
      render: (e) => t(`fraud:blocklistKind.${e.kind}`),
    },
    {
      accessor: 'value',
      title: t('blocklist.columns.value'),
      sortable: true,
      // An EVM address (42 characters) breaks onto a second line: the date added stays in view at 1280 px.
      width: 230,
      render: (e) => (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {e.value}
        </Text>
      ),
    },
    {
      accessor: 'network',
      title: t('blocklist.columns.network'),
      noWrap: true,
      render: (e) => e.network ?? (e.kind === 'address' ? t('blocklist.allNetworks') : '—'),
    },
    {
      accessor: 'reason',
      title: t('blocklist.columns.reason'),
      // Two lines at most (rows are one line unless a column wraps), the whole reason on hover: the
      // state, who added it, when, and the actions stay in view at 1280 px.
      noWrap: false,
      width: 240,
      render: (e) => (
        <Text size="sm" lineClamp={2} title={e.reason}>
          {e.reason}
        </Text>
      ),
    },
    { accessor: 'source', title: t('blocklist.columns.source'), noWrap: true },
    {
      accessor: 'state',
      title: t('blocklist.columns.state'),
      noWrap: true,
      render: (e) => (
        <Badge variant="light" color={e.state === 'active' ? 'red' : 'gray'} data-state={e.state}>
          {t(`blocklist.state.${e.state}`)}
        </Badge>
      ),
    },
    { accessor: 'created_by', title: t('blocklist.columns.createdBy'), render: (e) => e.created_by ?? '—' },
    kit.dateTime('created_at', t('blocklist.columns.created'), { sortable: true, narrow: true }),
    { accessor: 'removed_by', title: t('blocklist.columns.removedBy'), render: (e) => e.removed_by ?? '—' },
    kit.dateTime('removed_at', t('blocklist.columns.removed')),
  ];
}

function BlocklistFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  return (
    <>
      <SelectFilter
        {...filter('kind')}
        label={t('blocklist.columns.kind')}
        options={keyOptions(BLOCKLIST_KINDS, (k) => t(`fraud:blocklistKind.${k}`))}
        width={160}
        testId="filter-kind"
      />
      <TextFilter
        {...filter('value')}
        label={t('blocklist.filters.value')}
        width={220}
        testId="filter-value"
      />
      <TextFilter
        {...filter('network')}
        label={t('blocklist.columns.network')}
        width={130}
        testId="filter-network"
      />
      <SelectFilter
        {...filter('state')}
        label={t('blocklist.columns.state')}
        options={keyOptions(BLOCKLIST_STATES, (s) => t(`blocklist.state.${s}`))}
        width={140}
        testId="filter-state"
      />
    </>
  );
}

export const blocklistList = defineList({
  key: 'fraud.blocklist',
  source: blocklistSource,
  testId: 'fraud-blocklist-list',
  rowKey: 'id',
  useColumns: useBlocklistColumns,
  hiddenByDefault: ['source', 'removed_by', 'removed_at'],
  Filters: BlocklistFilters,
  exportEndpoint: blocklistEndpoints.export,
  rowAttributes: (e) => ({ 'data-entry-id': e.id, 'data-state': e.state }),
  namespaces: ['fraudRules', 'fraud', 'audit'],
});

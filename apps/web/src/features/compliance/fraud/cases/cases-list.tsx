import type { fraudApi } from '@backdesk/contract';
import { FRAUD_CASE_STATUSES } from '@backdesk/contract/fraud/keys';
import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerColumn } from '../../../../components/customer-link.tsx';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  useColumnKit,
} from '../../../../components/list-page/index.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { SeverityBadge } from '../alerts/badges.tsx';
import { CustomerFilter, HolderFilter } from '../shared/work-filters.tsx';
import { casesSource } from './cases-api.ts';

type CaseRow = fraudApi.FraudCase;

/** A case's status, with its decision once closed. */
export function CaseStatusBadge({ c }: { c: Pick<CaseRow, 'status' | 'decision'> }) {
  const { t } = useTranslation(['fraud', 'fraudCases']);
  const label = t(`fraud:caseStatus.${c.status}`);
  return (
    <Badge
      variant="light"
      color={c.status === 'open' ? 'blue' : 'gray'}
      tt="none"
      data-testid="case-status"
      data-status={c.status}
    >
      {c.decision ? `${label} · ${t(`fraudCases:decisions.${c.decision}`)}` : label}
    </Badge>
  );
}

function useCaseColumns(): DataTableColumn<CaseRow>[] {
  const { t } = useTranslation(['fraudCases', 'fraud']);
  const kit = useColumnKit();
  return [
    { accessor: 'id', title: t('columns.id'), noWrap: true, render: (c) => `#${c.id}` },
    customerColumn<CaseRow>(t('columns.customer'), (c) => c.customer_id, false, 140),
    {
      accessor: 'title',
      title: t('columns.title'),
      ellipsis: true,
      width: 220,
      render: (c) => c.title || '—',
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      noWrap: true,
      render: (c) => <CaseStatusBadge c={c} />,
    },
    {
      accessor: 'top_severity',
      title: t('columns.severity'),
      noWrap: true,
      render: (c) => (c.top_severity ? <SeverityBadge severity={c.top_severity} /> : '—'),
    },
    {
      accessor: 'alert_count',
      title: t('columns.alerts'),
      textAlign: 'right',
      render: (c) => t('alertCount', { open: c.open_alert_count, count: c.alert_count }),
    },
    { accessor: 'owner', title: t('columns.owner'), render: (c) => c.owner?.display_name ?? '—' },
    kit.dateTime('follow_up_at', t('columns.followUp'), { sortable: true }),
    kit.dateTime('opened_at', t('columns.opened'), { sortable: true }),
    kit.dateTime('closed_at', t('columns.closed')),
  ];
}

function CaseFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation(['fraudCases', 'fraud']);
  return (
    <>
      <SelectFilter
        {...filter('status')}
        label={t('columns.status')}
        options={keyOptions(FRAUD_CASE_STATUSES, (s) => t(`fraud:caseStatus.${s}`))}
        width={150}
        testId="filter-status"
      />
      <HolderFilter ns="fraudCases" filter={filter} name="owner" label={t('columns.owner')} />
      <CustomerFilter ns="fraudCases" filter={filter} />
      <SelectFilter
        {...filter('due')}
        label={t('filters.followUp')}
        options={[{ value: 'yes', label: t('filters.due') }]}
        width={170}
        testId="filter-due"
      />
    </>
  );
}

export const casesList = defineList({
  key: 'fraud.cases',
  source: casesSource,
  testId: 'fraud-cases-list',
  rowKey: 'id',
  useColumns: useCaseColumns,
  // What a 1280 px screen fits; the rest are in the column chooser.
  hiddenByDefault: ['closed_at', 'top_severity'],
  Filters: CaseFilters,
  rowAttributes: (c) => ({ 'data-case-id': c.id, 'data-status': c.status }),
  namespaces: ['fraudCases', 'fraud', 'crm', 'transactions'],
});

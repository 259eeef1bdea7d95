import type { fraudApi } from '@backdesk/contract';
import { FRAUD_ALERT_STATUSES, FRAUD_RULE_CODES, FRAUD_SEVERITIES } from '@backdesk/contract/fraud/keys';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerColumn } from '../../../../components/customer-link.tsx';
import {
  DateFilter,
  defineList,
  type ListFiltersProps,
  SelectFilter,
  useColumnKit,
} from '../../../../components/list-page/index.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { CustomerFilter, HolderFilter, useFraudHandlers } from '../shared/work-filters.tsx';
import { alertsSource } from './alerts-api.ts';
import { AlertStatusBadge, SeverityBadge } from './badges.tsx';
import { alertEndpoints } from './endpoints.ts';

type AlertRow = fraudApi.FraudAlertRow;

function useAlertColumns(): DataTableColumn<AlertRow>[] {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const kit = useColumnKit();
  return [
    { accessor: 'id', title: t('columns.id'), noWrap: true, render: (a) => `#${a.id}` },
    customerColumn<AlertRow>(t('columns.customer'), (a) => a.customer_id, false, 160),
    { accessor: 'rule_code', title: t('columns.rule'), render: (a) => t(`fraud:rules.${a.rule_code}`) },
    {
      accessor: 'severity',
      title: t('columns.severity'),
      noWrap: true,
      render: (a) => <SeverityBadge severity={a.severity} />,
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      noWrap: true,
      render: (a) => <AlertStatusBadge status={a.status} outcome={a.outcome} />,
    },
    kit.dateTime('raised_at', t('columns.raised'), { sortable: true }),
    kit.dateTime('event_at', t('columns.event')),
    kit.dateTime('updated_at', t('columns.updated'), { sortable: true }),
    { accessor: 'assignee', title: t('columns.assignee'), render: (a) => a.assignee?.display_name ?? '—' },
    { accessor: 'case_id', title: t('columns.case'), render: (a) => (a.case_id ? `#${a.case_id}` : '—') },
  ];
}

function AlertFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const handlers = useFraudHandlers();
  return (
    <>
      <SelectFilter
        {...filter('rule')}
        label={t('columns.rule')}
        options={keyOptions(FRAUD_RULE_CODES, (r) => t(`fraud:rules.${r}`))}
        width={230}
        testId="filter-rule"
      />
      <SelectFilter
        {...filter('severity')}
        label={t('columns.severity')}
        options={keyOptions(FRAUD_SEVERITIES, (s) => t(`fraud:severity.${s}`))}
        width={140}
        testId="filter-severity"
      />
      <SelectFilter
        {...filter('status')}
        label={t('columns.status')}
        options={keyOptions(FRAUD_ALERT_STATUSES, (s) => t(`fraud:status.${s}`))}
        width={200}
        testId="filter-status"
      />
      <CustomerFilter ns="fraudAlerts" filter={filter} />
      <HolderFilter
        ns="fraudAlerts"
        filter={filter}
        name="assignee"
        label={t('filters.assignee')}
        members={handlers}
      />
      {/* Wide enough for the Turkish label on one line ("Oluşturulma başlangıcı"). */}
      <DateFilter
        {...filter('raised_from')}
        label={t('filters.raisedFrom')}
        width={190}
        testId="filter-raised-from"
      />
      <DateFilter
        {...filter('raised_to')}
        label={t('filters.raisedTo')}
        width={190}
        testId="filter-raised-to"
      />
    </>
  );
}

export const alertsList = defineList({
  key: 'fraud.alerts',
  source: alertsSource,
  testId: 'fraud-alerts-list',
  rowKey: 'id',
  useColumns: useAlertColumns,
  // What a 1280 px screen fits; the rest are in the column chooser.
  hiddenByDefault: ['event_at', 'updated_at', 'case_id'],
  Filters: AlertFilters,
  exportEndpoint: alertEndpoints.export,
  rowAttributes: (a) => ({ 'data-alert-id': a.id, 'data-status': a.status }),
  namespaces: ['fraudAlerts', 'fraud', 'fraudRules', 'transactions', 'crm', 'audit'],
});

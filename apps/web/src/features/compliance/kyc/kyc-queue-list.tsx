import type { KycCase } from '@backdesk/contract';
import { KYC_CASE_ASSIGNEES, KYC_SLA_STATES } from '@backdesk/contract/compliance/keys';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../../components/customer-link.tsx';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { ageText } from '../../../lib/compliance-format.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { SlaBadge } from './badges.tsx';
import { queueSource } from './kyc-api.ts';

function useQueueColumns(): DataTableColumn<KycCase>[] {
  const { t } = useTranslation('compliance');
  const kit = useColumnKit();
  const now = Date.now();
  return [
    {
      accessor: 'user_name',
      title: t('manage.columns.customer'),
      render: (c) => (
        <div>
          <CustomerLink id={c.customer_id}>{c.customer_name ?? c.user_name}</CustomerLink>
          {c.customer_name && (
            <Text size="xs" c="dimmed">
              {c.user_name}
            </Text>
          )}
        </div>
      ),
    },
    kit.dateTime('waiting_since', t('manage.columns.waitingSince'), { sortable: true }),
    {
      accessor: 'age',
      title: t('manage.columns.age'),
      noWrap: true,
      // The exact arrival on hover; the column itself is hidden by default (the age says it).
      render: (c) => (
        <span title={formatDateTime(kit.locale, c.waiting_since)}>
          {ageText(t, (now - Date.parse(c.waiting_since)) / 1000)}
        </span>
      ),
    },
    {
      accessor: 'sla_state',
      title: t('manage.columns.sla'),
      noWrap: true,
      render: (c) => <SlaBadge state={c.sla_state} />,
    },
    {
      accessor: 'pending_documents',
      title: t('manage.columns.documents'),
      textAlign: 'right',
      render: (c) => new Intl.NumberFormat(kit.locale).format(c.pending_documents),
    },
    { accessor: 'kyc_level', title: t('manage.columns.level'), textAlign: 'right' },
    {
      accessor: 'assignee',
      title: t('manage.columns.assignee'),
      render: (c) =>
        c.assignee ? (
          c.assignee.display_name
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('manage.unassigned')}
          </Text>
        ),
    },
  ];
}

function QueueFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('compliance');
  return (
    <>
      <SelectFilter
        {...filter('assignee')}
        label={t('manage.filters.assignment')}
        placeholder={t('manage.filters.any')}
        options={KYC_CASE_ASSIGNEES.map((a) => ({ value: a, label: t(`manage.filters.${a}`) }))}
        width={200}
        testId="filter-assignee"
      />
      <SelectFilter
        {...filter('sla')}
        label={t('manage.filters.sla')}
        options={KYC_SLA_STATES.map((s) => ({ value: s, label: t(`sla.${s}`) }))}
        width={170}
        testId="filter-sla"
      />
      <TextFilter
        {...filter('customer')}
        label={t('manage.columns.customer')}
        placeholder={t('manage.filters.customerPlaceholder')}
        width={200}
        testId="filter-customer"
      />
    </>
  );
}

export const kycQueueList = defineList({
  key: 'compliance.queue',
  source: queueSource,
  testId: 'kyc-queue-list',
  rowKey: (c) => String(c.customer_id),
  useColumns: useQueueColumns,
  Filters: QueueFilters,
  hiddenByDefault: ['waiting_since'],
  rowAttributes: (c) => ({ 'data-customer-id': c.customer_id, 'data-sla': c.sla_state }),
  namespaces: ['compliance', 'crm', 'audit'],
});

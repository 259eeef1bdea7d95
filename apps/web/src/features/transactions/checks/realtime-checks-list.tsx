import type { RealtimeCheck } from '@backdesk/contract';
import { CHECK_DECISIONS, CHECK_KINDS } from '@backdesk/contract/transactions/keys';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../../components/customer-link.tsx';
import {
  DateFilter,
  defineList,
  type ListFiltersProps,
  SelectFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { listSource } from '../../../components/list-page/list-source.ts';
import {
  CheckDecisionBadge,
  REALTIME_CHECKS_KEY,
  realtimeChecksEndpoint,
  useReasonText,
} from '../../../components/realtime-checks/index.ts';
import { useAmount } from '../../../lib/amounts.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDecimal } from '../../../lib/locale-format.ts';
import { CheckReviewLink } from './review-link.tsx';

export const realtimeChecksSource = listSource({
  endpoint: realtimeChecksEndpoint,
  queryKey: REALTIME_CHECKS_KEY,
});

function CheckFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <SelectFilter
        {...filter('decision')}
        label={t('checks.columns.decision')}
        options={CHECK_DECISIONS.map((v) => ({ value: v, label: t(`checks.decisions.${v}`) }))}
        width={180}
        testId="filter-decision"
      />
      <SelectFilter
        {...filter('kind')}
        label={t('checks.columns.kind')}
        options={CHECK_KINDS.map((v) => ({ value: v, label: t(`checks.kinds.${v}`) }))}
        width={150}
        testId="filter-kind"
      />
      <DateFilter {...filter('from')} label={t('filters.from')} />
      <DateFilter {...filter('to')} label={t('filters.to')} />
    </>
  );
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function useCheckColumns(): DataTableColumn<RealtimeCheck>[] {
  const { t } = useTranslation('transactions');
  const kit = useColumnKit();
  const { locale } = useLanguage();
  const amount = useAmount();
  const reasonText = useReasonText();
  return [
    kit.dateTime('evaluated_at', t('checks.columns.evaluatedAt'), { sortable: true }),
    { accessor: 'kind', title: t('checks.columns.kind'), render: (r) => t(`checks.kinds.${r.kind}`) },
    {
      accessor: 'customer_user_name',
      title: t('checks.columns.customer'),
      width: 150,
      ellipsis: true,
      render: (r) => (
        <CustomerLink id={r.customer_id} title={r.customer_user_name}>
          {r.customer_user_name}
        </CustomerLink>
      ),
    },
    kit.code('external_ref', t('checks.columns.ref'), { width: 140, size: 'xs' }),
    {
      accessor: 'amount',
      title: t('checks.columns.amount'),
      noWrap: true,
      textAlign: 'right',
      render: (r) => amount(text(r.input.amount), text(r.input.asset) || null),
    },
    {
      accessor: 'reasons',
      title: t('checks.columns.reasons'),
      width: 230,
      noWrap: false,
      render: (r) => (
        <Text size="sm" lineClamp={2} title={r.reasons.map(reasonText).join('\n')}>
          {r.reasons.length ? r.reasons.map(reasonText).join(' · ') : '—'}
        </Text>
      ),
    },
    {
      accessor: 'duration_ms',
      title: t('checks.columns.duration'),
      textAlign: 'right',
      render: (r) => formatDecimal(locale, r.duration_ms),
    },
    {
      accessor: 'wallet_transaction_id',
      title: t('checks.columns.review'),
      noWrap: true,
      render: (r) => <CheckReviewLink walletTransactionId={r.wallet_transaction_id} />,
    },
    {
      accessor: 'decision',
      title: t('checks.columns.decision'),
      noWrap: true,
      render: (r) => <CheckDecisionBadge decision={r.decision} />,
    },
  ];
}

export const realtimeChecksList = defineList({
  key: 'transactions.checks',
  source: realtimeChecksSource,
  testId: 'realtime-checks',
  rowKey: 'id',
  useColumns: useCheckColumns,
  Filters: CheckFilters,
  // The decision is what a reader scans for; it stays in view. The exchange's id and the time taken
  // are there to choose: the reasons must fit beside the pinned decision at 1280 px.
  hiddenByDefault: ['external_ref', 'duration_ms'],
  pinLastColumn: true,
});

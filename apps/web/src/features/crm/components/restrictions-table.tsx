import type { Restriction } from '@backdesk/contract';
import { Button, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../format.ts';
import { CustomerLink } from './customer-link.tsx';
import { RestrictionStateBadge } from './status-badges.tsx';

/** The columns of a restriction list, shared by the restrictions page and the customer page. */
export function useRestrictionColumns(onLift: (r: Restriction) => void, withCustomer: boolean) {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  const columns: DataTableColumn<Restriction>[] = [
    ...(withCustomer
      ? [
          {
            accessor: 'user_name',
            title: t('restrictions.columns.customer'),
            render: (r: Restriction) => <CustomerLink id={r.customer_id}>{r.user_name}</CustomerLink>,
          },
        ]
      : []),
    {
      accessor: 'kind',
      title: t('restrictions.columns.kind'),
      sortable: withCustomer,
      render: (r) => t(`restrictions.kinds.${r.kind}`),
    },
    {
      accessor: 'state',
      title: t('restrictions.columns.state'),
      render: (r) => <RestrictionStateBadge state={r.state} />,
    },
    {
      accessor: 'reason',
      title: t('restrictions.columns.reason'),
      render: (r) => (
        <Text size="sm" lineClamp={2}>
          {r.reason}
        </Text>
      ),
    },
    { accessor: 'created_by', title: t('restrictions.columns.by'), render: (r) => r.created_by ?? '—' },
    {
      accessor: 'starts_at',
      title: t('restrictions.columns.from'),
      sortable: withCustomer,
      noWrap: true,
      render: (r) => formatDateTime(locale, r.starts_at),
    },
    {
      accessor: 'ends_at',
      title: t('restrictions.columns.until'),
      noWrap: true,
      render: (r) => (r.ends_at ? formatDateTime(locale, r.ends_at) : t('restrictions.openEnded')),
    },
    {
      accessor: 'actions',
      title: '',
      render: (r) =>
        r.state === 'lifted' ? (
          <Text size="xs" c="dimmed">
            {t('restrictions.liftedBy', { who: r.lifted_by ?? '—', reason: r.lift_reason ?? '' })}
          </Text>
        ) : r.state === 'expired' ? null : (
          <Button size="compact-xs" variant="light" onClick={() => onLift(r)} data-testid="lift-restriction">
            {t('restrictions.lift')}
          </Button>
        ),
    },
  ];
  return columns;
}

import type { Restriction } from '@backdesk/contract';
import { RESTRICTION_KINDS, RESTRICTION_STATES } from '@backdesk/contract/crm/keys';
import { Button, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerColumn } from '../../../components/customer-link.tsx';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { RestrictionStateBadge } from '../../../components/status-badges.tsx';
import { restrictionsSource } from './restrictions-api.ts';

/** Lift, or who lifted it and why; nothing for an expired one. */
export function RestrictionAction({
  restriction: r,
  onLift,
}: {
  restriction: Restriction;
  onLift: (r: Restriction) => void;
}) {
  const { t } = useTranslation('crm');
  if (r.state === 'lifted') {
    const text = t('restrictions.liftedBy', { who: r.lifted_by ?? '—', reason: r.lift_reason ?? '' });
    // Kept narrow: the action column is pinned, and a long reason would cover the other columns.
    return (
      <Text size="xs" c="dimmed" maw={140} truncate title={text}>
        {text}
      </Text>
    );
  }
  if (r.state === 'expired') return null;
  return (
    <Button size="compact-xs" variant="light" onClick={() => onLift(r)} data-testid="lift-restriction">
      {t('restrictions.lift')}
    </Button>
  );
}

/** The data columns of a restriction list; `withCustomer` adds the customer and server sorting. */
function useDataColumns(withCustomer: boolean): DataTableColumn<Restriction>[] {
  const { t } = useTranslation('crm');
  const kit = useColumnKit();
  return [
    ...(withCustomer
      ? [customerColumn<Restriction>(t('restrictions.columns.customer'), (r) => r.customer_id)]
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
      noWrap: true,
      render: (r) => <RestrictionStateBadge state={r.state} />,
    },
    {
      accessor: 'reason',
      title: t('restrictions.columns.reason'),
      noWrap: false,
      width: 240,
      render: (r) => (
        <Text size="sm" lineClamp={2}>
          {r.reason}
        </Text>
      ),
    },
    { accessor: 'created_by', title: t('restrictions.columns.by'), render: (r) => r.created_by ?? '—' },
    // Two lines each, as the reason may take: the period stays in view beside the pinned lift action.
    kit.dateTime('starts_at', t('restrictions.columns.from'), { sortable: withCustomer, narrow: true }),
    kit.dateTime('ends_at', t('restrictions.columns.until'), {
      empty: t('restrictions.openEnded'),
      narrow: true,
    }),
  ];
}

/** The columns of a customer's own restrictions (customer page), the lift action last. */
export function useRestrictionColumns(onLift: (r: Restriction) => void, withCustomer: boolean) {
  const { t } = useTranslation('list');
  return [
    ...useDataColumns(withCustomer),
    {
      accessor: 'actions',
      title: t('actions'),
      render: (r: Restriction) => <RestrictionAction restriction={r} onLift={onLift} />,
    },
  ] satisfies DataTableColumn<Restriction>[];
}

function RestrictionFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('crm');
  return (
    <>
      <SelectFilter
        {...filter('kind')}
        label={t('restrictions.columns.kind')}
        options={RESTRICTION_KINDS.map((k) => ({ value: k, label: t(`restrictions.kinds.${k}`) }))}
        width={170}
        testId="filter-kind"
      />
      <SelectFilter
        {...filter('state')}
        label={t('restrictions.columns.state')}
        options={RESTRICTION_STATES.map((s) => ({ value: s, label: t(`restrictions.states.${s}`) }))}
        width={170}
        testId="filter-state"
      />
      <TextFilter
        {...filter('customer')}
        label={t('restrictions.columns.customer')}
        placeholder={t('customers.filters.searchPlaceholder')}
        width={240}
        testId="filter-customer"
      />
    </>
  );
}

export const restrictionsList = defineList({
  key: 'crm.restrictions',
  source: restrictionsSource,
  testId: 'restrictions-list',
  rowKey: 'id',
  useColumns: () => useDataColumns(true),
  // Who added a restriction is in its history; the period and the lift action must stay in view.
  hiddenByDefault: ['created_by'],
  Filters: RestrictionFilters,
});

import type { TravelRuleQueueItem } from '@backdesk/contract';
import {
  TRAVEL_RULE_DIRECTIONS,
  TRAVEL_RULE_JURISDICTIONS,
  TRAVEL_RULE_OPEN_STATES,
  type TravelRuleState,
} from '@backdesk/contract/compliance/keys';
import { Badge, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  ListPage,
  SelectFilter,
  useAmountColumnKit,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { keyOptions } from '../../../lib/key-options.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { STATE_COLORS } from '../../../lib/state-colors.ts';
import { travelRuleQueueSource } from './travel-rule-api.ts';
import { TravelRuleSection } from './travel-rule-section.tsx';

export function TravelRuleStateBadge({ state }: { state: TravelRuleState }) {
  const { t } = useTranslation('travelRule');
  return (
    <Badge variant="light" color={STATE_COLORS[state]} data-testid="travel-rule-state" data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}

/** A deadline, with an "Overdue" badge once it has passed: the queue's SLA, in words as well as colour. */
function Deadline({ at }: { at: string | null }) {
  const { t } = useTranslation('travelRule');
  const kit = useColumnKit();
  if (!at) return <>—</>;
  const overdue = new Date(at).getTime() < Date.now();
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{formatDateTime(kit.locale, at)}</Text>
      {overdue && (
        <Badge variant="light" color="red" tt="none" data-testid="travel-rule-overdue">
          {t('deadlineOverdue')}
        </Badge>
      )}
    </Stack>
  );
}

/** A release asked by one officer, waiting for a second member's approval (four-eyes). */
export function AwaitingApprovalBadge() {
  const { t } = useTranslation('travelRule');
  return (
    <Badge variant="outline" color="grape" tt="none" size="sm" data-testid="travel-rule-awaiting-approval">
      {t('awaitingApproval')}
    </Badge>
  );
}

function useQueueColumns(): DataTableColumn<TravelRuleQueueItem>[] {
  const { t } = useTranslation('travelRule');
  const kit = useAmountColumnKit();
  return [
    kit.dateTime('created_at', t('columns.created'), { sortable: true, narrow: true }),
    { accessor: 'direction', title: t('columns.direction'), render: (r) => t(`direction.${r.direction}`) },
    kit.clipped('user_name', t('columns.customer'), { width: 130 }),
    kit.amount('amount', t('columns.amount'), (r) => r.asset),
    kit.amount('amount_in_currency', t('columns.amountInCurrency'), (r) => r.currency),
    { accessor: 'jurisdiction', title: t('columns.jurisdiction'), noWrap: true },
    {
      accessor: 'state',
      title: t('columns.state'),
      noWrap: true,
      render: (r) =>
        r.held || r.awaiting_approval ? (
          <Stack gap={2} align="flex-start">
            <TravelRuleStateBadge state={r.state} />
            {r.held && (
              <Badge variant="outline" color="orange" tt="none" size="sm" data-testid="travel-rule-held">
                {t('held')}
              </Badge>
            )}
            {r.awaiting_approval && <AwaitingApprovalBadge />}
          </Stack>
        ) : (
          <TravelRuleStateBadge state={r.state} />
        ),
    },
    {
      accessor: 'counterparty_vasp_name',
      title: t('columns.counterparty'),
      width: 150,
      render: (r) => {
        const name = r.counterparty_vasp_name ?? t(`walletKind.${r.wallet_kind}`);
        return (
          <Text size="sm" lineClamp={2} title={name}>
            {name}
          </Text>
        );
      },
    },
    kit.clipped('originator_name', t('columns.originator'), { width: 140 }),
    kit.clipped('beneficiary_name', t('columns.beneficiary'), { width: 140 }),
    {
      accessor: 'originator_identifier',
      title: t('columns.identifier'),
      noWrap: true,
      render: (r) => r.originator_identifier ?? '—',
    },
    {
      accessor: 'missing_fields',
      title: t('columns.missing'),
      width: 170,
      render: (r) =>
        r.missing_fields.length ? (
          <Text size="sm" lineClamp={2} title={r.missing_fields.map((f) => t(`field.${f}`)).join(', ')}>
            {r.missing_fields.map((f) => t(`field.${f}`)).join(', ')}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'deadline',
      title: t('columns.deadline'),
      sortable: true,
      render: (r) => <Deadline at={r.deadline} />,
    },
  ];
}

function QueueFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('travelRule');
  return (
    <>
      <SelectFilter
        {...filter('state')}
        label={t('filters.state')}
        options={keyOptions(TRAVEL_RULE_OPEN_STATES, (s) => t(`state.${s}`))}
        width={200}
        testId="filter-state"
      />
      <SelectFilter
        {...filter('jurisdiction')}
        label={t('filters.jurisdiction')}
        options={keyOptions(TRAVEL_RULE_JURISDICTIONS, (j) => t(`jurisdiction.${j}`))}
        width={200}
        testId="filter-jurisdiction"
      />
      <SelectFilter
        {...filter('direction')}
        label={t('filters.direction')}
        options={keyOptions(TRAVEL_RULE_DIRECTIONS, (d) => t(`direction.${d}`))}
        width={150}
        testId="filter-direction"
      />
    </>
  );
}

export const travelRuleQueueList = defineList({
  key: 'compliance.travel-rule',
  source: travelRuleQueueSource,
  testId: 'travel-rule-queue',
  rowKey: 'id',
  useColumns: useQueueColumns,
  // At 1280 px the queue shows what the officer picks by (age, amount, state, counterparty, gaps,
  // deadline); the customer, the parties and the asset amount are a column choice away.
  hiddenByDefault: [
    'user_name',
    'direction',
    'amount',
    'jurisdiction',
    'originator_name',
    'beneficiary_name',
    'originator_identifier',
  ],
  Filters: QueueFilters,
  rowAttributes: (r) => ({ 'data-record-id': r.id, 'data-state': r.state }),
  namespaces: ['travelRule'],
});

/** The queue: open travel-rule records, oldest first; a row opens the record. */
export function TravelRuleQueuePage() {
  const { t } = useTranslation('travelRule');
  const navigate = useNavigate();
  return (
    <TravelRuleSection>
      <ListPage
        list={travelRuleQueueList}
        emptyText={t('empty')}
        onRowOpen={(r) =>
          void navigate({ to: '/compliance/travel-rule/$recordId', params: { recordId: r.id } })
        }
      />
    </TravelRuleSection>
  );
}

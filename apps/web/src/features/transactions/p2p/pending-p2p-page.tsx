import type { EnrichedTrade } from '@backdesk/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { useCancelTrade, useSettleDispute, useTrades } from '../api/p2p.ts';
import { TRADE_FILTERS, type TradeSearch } from '../search.ts';
import { formatDateTime, formatDecimal } from '../shared/decimal-format.ts';
import { errorText } from '../shared/error-text.ts';
import { SelectFilter, TextFilter } from '../shared/filter-inputs.tsx';
import { useActionKeys } from '../shared/idempotency.ts';
import { queryListProps } from '../shared/query-list-props.tsx';
import { ReasonDialog } from '../shared/reason-dialog.tsx';
import { useCanAct } from '../shared/use-can-act.ts';
import { RefreshControls } from './refresh-controls.tsx';

const STATUSES = ['pending', 'disputed', 'cancelled', 'completed'] as const;
const STATUS_COLOR: Record<string, string> = {
  pending: 'blue',
  disputed: 'orange',
  cancelled: 'gray',
  completed: 'green',
};

type Action = { kind: 'cancel' | 'settle'; trade: EnrichedTrade };

export function PendingP2pPage({
  search,
  onSearch,
}: {
  search: TradeSearch;
  onSearch: (patch: Partial<TradeSearch>) => void;
}) {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const canAct = useCanAct();
  const trades = useTrades({ ...search, status: (search.status as (typeof STATUSES)[number]) ?? 'pending' });
  const cancel = useCancelTrade();
  const settle = useSettleDispute();
  const keys = useActionKeys();
  const [action, setAction] = useState<Action | null>(null);
  const filter = (key: (typeof TRADE_FILTERS)[number]) => (value: string | undefined) =>
    onSearch({ [key]: value, cursor: undefined });
  const filtersActive = TRADE_FILTERS.some((k) => search[k] !== undefined);

  const confirm = ({ reason, outcome }: { reason: string; outcome: 'release' | 'refund' | undefined }) => {
    if (!action) return;
    const { trade, kind } = action;
    const actionKey = `${kind}:${trade.id}:${trade.version}`;
    const handlers = {
      onSuccess: (res: { message: string }) => {
        keys.done(actionKey);
        setAction(null);
        notify({
          title: t(kind === 'cancel' ? 'p2p.cancelled' : 'p2p.settled'),
          description: res.message,
          color: 'green',
        });
      },
      onError: (error: unknown) =>
        notify({ title: t('errors.actionFailed'), description: errorText(t, error), color: 'red' }),
    };
    const body = { id: trade.id, version: trade.version, reason };
    if (kind === 'cancel') cancel.mutate({ body, key: keys.keyFor(actionKey) }, handlers);
    else
      settle.mutate(
        { body: { ...body, outcome: outcome ?? 'release' }, key: keys.keyFor(actionKey) },
        handlers,
      );
  };

  const amount = (v: string) => formatDecimal(locale, v);
  const columns: DataTableColumn<EnrichedTrade>[] = [
    {
      accessor: 'created_at',
      title: t('fields.created_at'),
      sortable: true,
      render: (r) => formatDateTime(locale, r.created_at),
    },
    { accessor: 'buyer_user_name', title: t('fields.buyer') },
    {
      accessor: 'seller_user_name',
      title: t('fields.seller'),
      render: (r) =>
        r.selling_contract_name === null && r.seller_user_name === 'Unknown' ? (
          <Text c="dimmed" size="sm">
            {t('p2p.unknownSeller')}
          </Text>
        ) : (
          r.seller_user_name
        ),
    },
    {
      accessor: 'selling_contract_name',
      title: t('fields.contract_name'),
      render: (r) => r.selling_contract_name ?? '—',
    },
    {
      accessor: 'trade_amount',
      title: t('fields.trade_amount'),
      sortable: true,
      textAlign: 'right',
      render: (r) => amount(r.trade_amount),
    },
    {
      accessor: 'unit_price',
      title: t('fields.unit_price'),
      textAlign: 'right',
      render: (r) => amount(r.unit_price),
    },
    {
      accessor: 'total_price',
      title: t('fields.total_price'),
      textAlign: 'right',
      render: (r) => (
        <Text size="sm" fw={600}>
          {amount(r.total_price)}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('fields.status'),
      render: (r) => (
        <Badge variant="light" color={STATUS_COLOR[r.status] ?? 'gray'} title={r.dispute_reason ?? undefined}>
          {t(`tradeStatus.${r.status}` as 'tradeStatus.pending', { defaultValue: r.status })}
        </Badge>
      ),
    },
    ...(canAct
      ? [
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right' as const,
            render: (r: EnrichedTrade) =>
              r.status === 'pending' ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  onClick={() => setAction({ kind: 'cancel', trade: r })}
                  data-testid={`cancel-${r.id}`}
                >
                  {t('p2p.cancel')}
                </Button>
              ) : r.status === 'disputed' ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => setAction({ kind: 'settle', trade: r })}
                  data-testid={`settle-${r.id}`}
                >
                  {t('p2p.settle')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('common:pages.pendingP2p')}
        description={t('p2p.pendingSubtitle')}
        actions={
          <RefreshControls
            updatedAt={trades.dataUpdatedAt}
            fetching={trades.isFetching}
            onRefresh={() => void trades.refetch()}
          />
        }
      />
      <DataList<EnrichedTrade>
        testId="trades"
        // Spec §8: a failed fetch empties the list.
        {...queryListProps(trades, t)}
        columns={columns}
        idAccessor="id"
        state={search}
        // Sort keys come from the sortable columns, which are the list's sort keys.
        onStateChange={(patch) => onSearch(patch as Partial<TradeSearch>)}
        filters={
          <Group gap="sm" align="flex-end">
            <SelectFilter
              label={t('fields.status')}
              name="status"
              value={search.status ?? 'pending'}
              clearable={false}
              options={STATUSES.map((s) => ({ value: s, label: t(`tradeStatus.${s}`) }))}
              onChange={filter('status')}
            />
            <TextFilter
              label={t('fields.seller')}
              name="seller"
              value={search.seller}
              onChange={filter('seller')}
            />
            <TextFilter
              label={t('fields.contract_name')}
              name="contract"
              value={search.contract}
              onChange={filter('contract')}
              width={140}
            />
            <TextFilter
              label={t('filters.minAmount')}
              name="minAmount"
              value={search.minAmount}
              onChange={filter('minAmount')}
              width={120}
            />
            <TextFilter
              label={t('filters.maxAmount')}
              name="maxAmount"
              value={search.maxAmount}
              onChange={filter('maxAmount')}
              width={120}
            />
          </Group>
        }
        filtersActive={filtersActive}
        onClearFilters={() =>
          onSearch(Object.fromEntries(TRADE_FILTERS.map((k) => [k, undefined])) as Partial<TradeSearch>)
        }
      />
      {action && (
        <ReasonDialog<'release' | 'refund'>
          opened
          title={
            action.kind === 'cancel'
              ? t('p2p.cancelTitle', { id: action.trade.id })
              : t('p2p.settleTitle', { id: action.trade.id })
          }
          description={action.kind === 'settle' ? action.trade.dispute_reason : t('p2p.cancelHint')}
          outcomes={
            action.kind === 'settle'
              ? [
                  { value: 'release', label: t('p2p.release') },
                  { value: 'refund', label: t('p2p.refund') },
                ]
              : undefined
          }
          reasonRequired
          confirmLabel={action.kind === 'cancel' ? t('p2p.cancel') : t('p2p.settle')}
          confirmColor={action.kind === 'cancel' ? 'red' : undefined}
          pending={cancel.isPending || settle.isPending}
          onConfirm={confirm}
          onClose={() => setAction(null)}
        />
      )}
    </>
  );
}

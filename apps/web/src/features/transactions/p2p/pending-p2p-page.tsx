import type { EnrichedTrade } from '@backdesk/contract';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useAmount } from '../../../lib/amounts.ts';
import { useCan } from '../../../lib/can.ts';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { p2pEndpoints, tradesSource, useCancelTrade, useSettleDispute } from './p2p-api.ts';
import { tradesList } from './pending-p2p-columns.tsx';
import { RefreshControls } from './refresh-controls.tsx';
import { TradeDrawer } from './trade-drawer.tsx';

type Action = { kind: 'cancel' | 'settle'; trade: EnrichedTrade };

/** Trades by status; a pending one can be cancelled, a disputed one settled, each with a reason. */
export function PendingP2pPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const can = useCan();
  const { search } = useListSearch();
  const cancel = useCancelTrade();
  const settle = useSettleDispute();
  const keys = useActionKeys();
  const [action, setAction] = useState<Action | null>(null);
  const history = useRecordHistory((trade: EnrichedTrade) => ({
    entity: 'p2p_trade',
    entityId: trade.id,
    title: t('history.trade', { id: trade.id }),
  }));
  const amount = useAmount();
  // The trade open in the drawer (a row's click), or none.
  const [opened, setOpened] = useState<EnrichedTrade | null>(null);

  /** What a member may do to the trade in its state: cancel a pending one, settle a disputed one. */
  const actionButton = (r: EnrichedTrade, where: '' | 'drawer-' = '') =>
    !can(p2pEndpoints.cancel) ? null : r.status === 'pending' ? (
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        onClick={() => setAction({ kind: 'cancel', trade: r })}
        data-testid={`${where}cancel-${r.id}`}
      >
        {t('p2p.cancel')}
      </Button>
    ) : r.status === 'disputed' ? (
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => setAction({ kind: 'settle', trade: r })}
        data-testid={`${where}settle-${r.id}`}
      >
        {t('p2p.settle')}
      </Button>
    ) : null;

  const confirm = async ({
    reason,
    outcome,
  }: {
    reason: string;
    outcome: 'release' | 'refund' | undefined;
  }) => {
    if (!action) return;
    const { trade, kind } = action;
    const actionKey = `${kind}:${trade.id}:${trade.version}`;
    const body = { id: trade.id, version: trade.version, reason };
    // A failure is shown in the dialog, which stays open; the same key makes a retry act once.
    const settled = outcome ?? 'release';
    if (kind === 'cancel') await cancel.mutateAsync({ body, key: keys.keyFor(actionKey) });
    else await settle.mutateAsync({ body: { ...body, outcome: settled }, key: keys.keyFor(actionKey) });
    keys.done(actionKey);
    setAction(null);
    setOpened(null);
    // The member's own words for what happened, not the server's English message.
    notify({
      title: t(kind === 'cancel' ? 'p2p.cancelled' : 'p2p.settled'),
      description: kind === 'settle' ? t(settled === 'release' ? 'p2p.released' : 'p2p.refunded') : undefined,
      color: 'green',
    });
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.pendingP2p')}
        description={t('p2p.pendingSubtitle')}
        actions={<RefreshControls options={tradesSource.pageOptions(search)} />}
      />
      <ListPage
        list={tradesList}
        onRowOpen={setOpened}
        rowActions={(r) => (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {history.button(r)}
            {actionButton(r)}
          </Group>
        )}
      />
      {history.drawer}
      <TradeDrawer
        trade={opened}
        actions={opened && actionButton(opened, 'drawer-')}
        onClose={() => setOpened(null)}
      />
      {action && (
        <ReasonDialog<'release' | 'refund'>
          opened
          title={t(action.kind === 'cancel' ? 'p2p.cancelTitle' : 'p2p.settleTitle', {
            id: action.trade.id,
            amount: amount(action.trade.trade_amount, action.trade.selling_contract_name),
            buyer: action.trade.buyer_user_name,
          })}
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

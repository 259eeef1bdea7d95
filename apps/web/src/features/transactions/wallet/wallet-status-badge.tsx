import type { WalletTransaction } from '@backdesk/contract';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WALLET_STATUS_COLOR } from './wallet-status.ts';

/**
 * A wallet transaction's status, in the list and in its drawer alike: a withdrawal its review
 * released reads "Approved, awaiting payout", in the approved colour, not "Pending"; a deposit the
 * travel rule holds says so beside its status (the exchange does not credit it yet).
 */
export function WalletStatusBadge({
  tx,
  testId,
}: {
  tx: Pick<WalletTransaction, 'status' | 'released'> & Partial<Pick<WalletTransaction, 'travel_rule_held'>>;
  testId?: string;
}) {
  const { t } = useTranslation('transactions');
  const state = tx.released ? 'approved' : tx.status;
  const badge = (
    <Badge
      variant="light"
      color={WALLET_STATUS_COLOR[state]}
      tt="none"
      data-testid={testId}
      data-state={state}
    >
      {tx.released ? t('walletStatus.released') : t(`walletStatus.${tx.status}`)}
    </Badge>
  );
  if (!tx.travel_rule_held) return badge;
  return (
    <Group gap={4} wrap="nowrap">
      {badge}
      <Badge
        variant="outline"
        color="orange"
        tt="none"
        data-testid={testId ? `${testId}-travel-rule` : undefined}
      >
        {t('walletStatus.travelRuleHeld')}
      </Badge>
    </Group>
  );
}

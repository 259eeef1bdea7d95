import type { WalletTransaction } from '@backdesk/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WALLET_STATUS_COLOR } from './wallet-status.ts';

/**
 * A wallet transaction's status, in the list and in its drawer alike: a withdrawal its review
 * released reads "Approved, awaiting payout", in the approved colour, not "Pending".
 */
export function WalletStatusBadge({
  tx,
  testId,
}: {
  tx: Pick<WalletTransaction, 'status' | 'released'>;
  testId?: string;
}) {
  const { t } = useTranslation('transactions');
  const state = tx.released ? 'approved' : tx.status;
  return (
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
}

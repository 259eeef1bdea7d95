import { Divider, Drawer, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../../components/audit-trail/index.ts';
import { CustomerLink } from '../../../components/customer-link.tsx';
import { DetailField } from '../../../components/detail-field.tsx';
import { WithdrawalCheckPanel } from '../../../components/realtime-checks/index.ts';
import { useAmount } from '../../../lib/amounts.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { WalletStatusBadge } from './wallet-status-badge.tsx';
import { useWalletTransaction } from './wallet-transactions-api.ts';
import { WithdrawalReview } from './withdrawal-review.tsx';

export function WalletTransactionDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation(['transactions', 'audit', 'common']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const detail = useWalletTransaction(id);
  const tx = detail.data;
  const released = tx?.released === true;
  return (
    <Drawer
      opened={id !== undefined}
      onClose={onClose}
      position="right"
      closeButtonProps={{ 'aria-label': t('common:closePanel') }}
      size="lg"
      title={t('wallet.detailTitle', { id: id ?? '' })}
    >
      {!tx ? (
        <Loader />
      ) : (
        <Stack gap="md" data-testid="wallet-detail" data-status={tx.status}>
          <Group justify="space-between">
            <Title order={3} fz="xl">
              {amount(tx.amount, tx.asset)}
            </Title>
            <WalletStatusBadge tx={tx} testId="detail-status" />
          </Group>
          {tx.type === 'withdrawal' && tx.status === 'under_review' && <WithdrawalReview tx={tx} />}
          {released && tx.reviews.length > 0 && (
            <Text size="sm" data-testid="released-by">
              {tx.reviews.map((r) => t('review.approvedBy', { name: r.member.display_name })).join(' · ')}
            </Text>
          )}
          {tx.type === 'withdrawal' && <WithdrawalCheckPanel walletTransactionId={tx.id} />}
          <SimpleGrid cols={2} spacing="sm">
            <DetailField label={t('fields.type')}>{t(`walletType.${tx.type}`)}</DetailField>
            <DetailField label={t('fields.customer')}>
              <CustomerLink id={tx.customer_id}>{tx.customer_user_name}</CustomerLink> (#{tx.customer_id})
            </DetailField>
            <DetailField label={t('fields.network')}>{tx.network}</DetailField>
            <DetailField label={t('fields.fee')}>{amount(tx.fee, tx.asset)}</DetailField>
            <DetailField label={t('fields.from_address')}>{tx.from_address ?? '—'}</DetailField>
            <DetailField label={t('fields.to_address')}>{tx.to_address ?? '—'}</DetailField>
            <DetailField label={t('fields.tx_hash')}>{tx.tx_hash ?? '—'}</DetailField>
            <DetailField label={t('fields.review_reason')}>{tx.review_reason ?? '—'}</DetailField>
            <DetailField label={t('fields.created_at')}>{formatDateTime(locale, tx.created_at)}</DetailField>
            <DetailField label={t('fields.updated_at')}>{formatDateTime(locale, tx.updated_at)}</DetailField>
          </SimpleGrid>
          <Divider label={t('audit:title')} labelPosition="left" />
          <AuditTrail entity="wallet_transaction" entityId={tx.id} />
        </Stack>
      )}
    </Drawer>
  );
}

import type { EnrichedTrade } from '@backdesk/contract';
import { P2P_PRICE_CURRENCY } from '@backdesk/contract/rules';
import { Alert, Badge, Divider, Drawer, Group, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../../components/audit-trail/index.ts';
import { CustomerLink } from '../../../components/customer-link.tsx';
import { DetailField } from '../../../components/detail-field.tsx';
import { useAmount } from '../../../lib/amounts.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { STATE_COLORS } from '../../../lib/state-colors.ts';

/** A party of the trade: a link to the customer's page when a customer has that name. */
const party = (name: string, id: number | null) =>
  id === null ? name : <CustomerLink id={id}>{name}</CustomerLink>;

/**
 * One P2P trade opened from its row: the parties, the offer it takes, the amounts, the dispute and
 * its history. The row's actions (cancel, settle) are offered here too, beside reading.
 */
export function TradeDrawer({
  trade,
  actions,
  onClose,
}: {
  trade: EnrichedTrade | null;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const contract = trade?.selling_contract_name ?? '';
  return (
    <Drawer
      opened={trade !== null}
      onClose={onClose}
      position="right"
      closeButtonProps={{ 'aria-label': t('common:closePanel') }}
      size="lg"
      title={t('p2p.tradeTitle', { id: trade?.id ?? '' })}
    >
      {trade && (
        <Stack gap="md" data-testid="trade-detail" data-status={trade.status}>
          <Group justify="space-between">
            <Title order={3} fz="xl">
              {amount(trade.trade_amount, trade.selling_contract_name)}
            </Title>
            <Badge variant="light" color={STATE_COLORS[trade.status] ?? 'gray'} tt="none">
              {t(`tradeStatus.${trade.status}` as 'tradeStatus.pending', { defaultValue: trade.status })}
            </Badge>
          </Group>
          {trade.status === 'disputed' && (
            <Alert color="orange" variant="light" title={t('p2p.disputeTitle')} data-testid="trade-dispute">
              {trade.dispute_reason ?? t('p2p.noDisputeReason')}
            </Alert>
          )}
          {actions && <Group gap="xs">{actions}</Group>}
          <SimpleGrid cols={2} spacing="sm">
            <DetailField label={t('fields.buyer')}>
              {party(trade.buyer_user_name, trade.buyer_customer_id)}
            </DetailField>
            <DetailField label={t('fields.seller')}>
              {party(trade.seller_user_name, trade.seller_customer_id)}
            </DetailField>
            <DetailField label={t('fields.trade_amount')}>
              {amount(trade.trade_amount, trade.selling_contract_name)}
            </DetailField>
            <DetailField label={t('fields.unit_price')}>
              {amount(trade.unit_price, P2P_PRICE_CURRENCY)}
            </DetailField>
            <DetailField label={t('fields.total_price')}>
              {amount(trade.total_price, P2P_PRICE_CURRENCY)}
            </DetailField>
            <DetailField label={t('fields.created_at')}>
              {formatDateTime(locale, trade.created_at)}
            </DetailField>
          </SimpleGrid>
          <Divider label={t('p2p.offer')} labelPosition="left" />
          <SimpleGrid cols={2} spacing="sm">
            <DetailField label={t('fields.selling_contract_name')}>{contract || '—'}</DetailField>
            <DetailField label={t('fields.rank_seller')}>
              {trade.rank_seller === null ? '—' : <Rating value={trade.rank_seller} readOnly size="xs" />}
            </DetailField>
            <DetailField label={t('fields.selling_account_address')} wide>
              <Text size="sm" ff="monospace" span>
                {trade.selling_account_address ?? '—'}
              </Text>
            </DetailField>
            <DetailField label={t('fields.seller_message')} wide>
              {trade.seller_message ?? '—'}
            </DetailField>
            <DetailField label={t('fields.trade_market_guid')} wide>
              <Text size="xs" ff="monospace" span>
                {trade.trade_market_guid}
              </Text>
            </DetailField>
          </SimpleGrid>
          <Divider label={t('p2p.timeline')} labelPosition="left" />
          <AuditTrail entity="p2p_trade" entityId={trade.id} />
        </Stack>
      )}
    </Drawer>
  );
}

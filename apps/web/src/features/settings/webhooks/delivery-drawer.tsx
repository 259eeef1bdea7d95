import { Alert, Code, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../../components/customer-link.tsx';
import { DetailField } from '../../../components/detail-field.tsx';
import { errorCode } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { DeliveryStatusBadge } from './webhook-badges.tsx';
import { useWebhookAttempts, type WebhookDelivery } from './webhooks-api.ts';

/** Milliseconds in the member's number format, or a dash when no answer came. */
export const formatMs = (locale: string, ms: number | null) =>
  ms === null ? '—' : `${ms.toLocaleString(locale)} ms`;

/**
 * One delivery opened from the log: its facts, the last answer's body excerpt and every attempt
 * (each with its own answer or error). The row's actions (replay, skip) are offered here too.
 */
export function DeliveryDrawer({
  integrationId,
  endpointId,
  delivery,
  actions,
  onClose,
}: {
  integrationId: number;
  endpointId: number;
  delivery: WebhookDelivery | null;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const { locale } = useLanguage();
  const attempts = useWebhookAttempts(
    integrationId,
    delivery && delivery.attempts > 0 ? { endpoint_id: endpointId, event_id: delivery.event_id } : null,
    delivery?.attempts ?? 0,
  );
  return (
    <Drawer
      opened={delivery !== null}
      onClose={onClose}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:closePanel') }}
      title={t('webhooks.drawer.title', { id: delivery?.event_id ?? '' })}
    >
      {delivery && (
        <Stack gap="md" data-testid="webhook-delivery-detail" data-status={delivery.status}>
          <Group justify="space-between">
            <DeliveryStatusBadge status={delivery.status} />
            {actions && <Group gap="xs">{actions}</Group>}
          </Group>
          {delivery.blocking && (
            <Alert color="orange" variant="light" title={t('webhooks.drawer.blockingTitle')}>
              {t('webhooks.drawer.blocking')}
            </Alert>
          )}
          <SimpleGrid cols={2} spacing="sm">
            <DetailField label={t('webhooks.log.type')}>
              <Code fz="xs">{delivery.event_type}</Code>
            </DetailField>
            <DetailField label={t('webhooks.log.customer')}>
              {delivery.customer_id === null ? (
                '—'
              ) : (
                <CustomerLink id={delivery.customer_id}>
                  {t('webhooks.log.customerId', { id: delivery.customer_id })}
                </CustomerLink>
              )}
            </DetailField>
            <DetailField label={t('webhooks.log.attempts')}>
              {delivery.attempts.toLocaleString(locale)}
            </DetailField>
            <DetailField label={t('webhooks.log.created')}>
              {formatDateTime(locale, delivery.created_at)}
            </DetailField>
            <DetailField label={t('webhooks.log.nextAttempt')}>
              {formatDateTime(locale, delivery.next_attempt_at)}
            </DetailField>
            <DetailField label={t('webhooks.log.deliveredAt')}>
              {formatDateTime(locale, delivery.delivered_at)}
            </DetailField>
            <DetailField label={t('webhooks.drawer.lastError')} wide>
              {delivery.last_error ?? '—'}
            </DetailField>
            <DetailField label={t('webhooks.drawer.bodyExcerpt')} wide>
              {delivery.last_body_excerpt ? (
                <Code block fz="xs" data-testid="webhook-body-excerpt">
                  {delivery.last_body_excerpt}
                </Code>
              ) : (
                '—'
              )}
            </DetailField>
          </SimpleGrid>
          <Divider label={t('webhooks.drawer.attempts')} labelPosition="left" />
          {delivery.attempts === 0 ? (
            <Text size="sm" c="dimmed">
              {t('webhooks.drawer.noAttempts')}
            </Text>
          ) : attempts.isPending ? (
            <Group justify="center">
              <Loader size="sm" aria-label={t('webhooks.drawer.loadingAttempts')} />
            </Group>
          ) : errorCode(attempts.error) === 'WEBHOOK_DELIVERY_NOT_FOUND' ? (
            // Attempts older than the retention are pruned, and those made before they were kept.
            <Text size="sm" c="dimmed">
              {t('webhooks.drawer.noAttemptsKept')}
            </Text>
          ) : attempts.isError ? (
            <Alert color="red">{t('webhooks.drawer.attemptsFailed')}</Alert>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped data-testid="webhook-attempts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('webhooks.drawer.attempt')}</Table.Th>
                    <Table.Th>{t('webhooks.drawer.at')}</Table.Th>
                    <Table.Th>{t('webhooks.log.statusCode')}</Table.Th>
                    <Table.Th>{t('webhooks.log.responseMs')}</Table.Th>
                    <Table.Th>{t('webhooks.drawer.answer')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {attempts.data.map((a) => (
                    // A replay starts its attempts at 1 again: the time keeps the key unique.
                    <Table.Tr key={`${a.at}-${a.attempt}`}>
                      <Table.Td>{a.attempt.toLocaleString(locale)}</Table.Td>
                      <Table.Td>{formatDateTime(locale, a.at)}</Table.Td>
                      <Table.Td>{a.status_code ?? '—'}</Table.Td>
                      <Table.Td>{formatMs(locale, a.response_ms)}</Table.Td>
                      <Table.Td>
                        <Text size="xs" ff="monospace" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                          {a.error ?? a.body_excerpt ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

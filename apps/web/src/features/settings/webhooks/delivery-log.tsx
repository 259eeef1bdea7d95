import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
} from '@backdesk/contract/integrations/webhook-vocabulary';
import { Alert, Anchor, Button, Code, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { CustomerLink } from '../../../components/customer-link.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { DeliveryDrawer, formatMs } from './delivery-drawer.tsx';
import { useWebhookAction } from './webhook-action.ts';
import { DeliveryStatusBadge } from './webhook-badges.tsx';
import {
  useReplayWebhookEvent,
  useSkipWebhookEvent,
  useWebhookDeliveries,
  type WebhookDelivery,
} from './webhooks-api.ts';

/** One endpoint's delivery log, newest first, filtered by status; a row opens its attempts. */
export function DeliveryLog({ integrationId, endpointId }: { integrationId: number; endpointId: number }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(integrationId, endpointId, status);
  const replay = useReplayWebhookEvent(integrationId);
  const skip = useSkipWebhookEvent(integrationId);
  const act = useWebhookAction();
  const confirm = useConfirm();
  // Read from the latest page, so the drawer follows the row as it is retried or delivered.
  const open = deliveries.data?.find((d) => d.event_id === openId) ?? null;
  const ref = (d: WebhookDelivery) => ({ endpoint_id: endpointId, event_id: d.event_id });
  const titleId = `webhook-log-${endpointId}`;

  const drawerActions = (d: WebhookDelivery) => (
    <>
      <Button
        size="xs"
        variant="light"
        loading={replay.isPending}
        onClick={() => void act(replay.mutateAsync(ref(d)), t('webhooks.log.replayed')).catch(() => {})}
        data-testid="webhook-replay"
      >
        {t('webhooks.log.replay')}
      </Button>
      {d.blocking && (
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() =>
            confirm.ask({
              title: t('webhooks.log.skipConfirm', { id: d.event_id }),
              message: t('webhooks.log.skipMessage'),
              confirmLabel: t('webhooks.log.skip'),
              color: 'orange',
              onConfirm: () => act(skip.mutateAsync(ref(d)), t('webhooks.log.skipped')),
            })
          }
          data-testid="webhook-skip"
        >
          {t('webhooks.log.skip')}
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz="md" id={titleId}>
          {t('webhooks.log.title')}
        </Title>
        <Select
          label={t('webhooks.log.filter')}
          size="xs"
          w={180}
          allowDeselect={false}
          value={status ?? 'all'}
          onChange={(v) => setStatus(v === 'all' || v === null ? null : (v as WebhookDeliveryStatus))}
          data={[
            { value: 'all', label: t('webhooks.log.allStatuses') },
            ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.deliveryStatus.${s}`) })),
          ]}
          data-testid="webhook-log-filter"
        />
      </Group>
      {deliveries.isPending ? (
        <Group justify="center" p="sm">
          <Loader size="sm" aria-label={t('webhooks.log.loading')} />
        </Group>
      ) : deliveries.isError ? (
        <Alert color="red">{t('webhooks.log.loadFailed')}</Alert>
      ) : deliveries.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {status ? t('webhooks.log.emptyFiltered') : t('webhooks.log.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover aria-labelledby={titleId} data-testid="webhook-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.log.eventId')}</Table.Th>
                <Table.Th>{t('webhooks.log.type')}</Table.Th>
                <Table.Th>{t('webhooks.log.customer')}</Table.Th>
                <Table.Th>{t('webhooks.log.status')}</Table.Th>
                <Table.Th>{t('webhooks.log.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.log.statusCode')}</Table.Th>
                <Table.Th>{t('webhooks.log.responseMs')}</Table.Th>
                <Table.Th>{t('webhooks.log.nextAttempt')}</Table.Th>
                <Table.Th>{t('webhooks.log.deliveredAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((d) => (
                <Table.Tr
                  key={d.id}
                  onClick={() => setOpenId(d.event_id)}
                  style={{ cursor: 'pointer' }}
                  data-testid="webhook-log-row"
                  data-status={d.status}
                >
                  <Table.Td>
                    {/* The row opens on a click; this button opens it from the keyboard. */}
                    <Anchor
                      component="button"
                      type="button"
                      ff="monospace"
                      fz="xs"
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpenId(d.event_id);
                      }}
                    >
                      {d.event_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Code fz="xs">{d.event_type}</Code>
                  </Table.Td>
                  <Table.Td>
                    {d.customer_id === null ? (
                      '—'
                    ) : (
                      <CustomerLink id={d.customer_id}>
                        {t('webhooks.log.customerId', { id: d.customer_id })}
                      </CustomerLink>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <DeliveryStatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td>{d.attempts.toLocaleString(locale)}</Table.Td>
                  <Table.Td>{d.last_status_code ?? '—'}</Table.Td>
                  <Table.Td>{formatMs(locale, d.last_response_ms)}</Table.Td>
                  <Table.Td>{formatDateTime(locale, d.next_attempt_at)}</Table.Td>
                  <Table.Td>{formatDateTime(locale, d.delivered_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeliveryDrawer
        integrationId={integrationId}
        endpointId={endpointId}
        delivery={open}
        actions={open ? drawerActions(open) : undefined}
        onClose={() => setOpenId(null)}
      />
      {confirm.dialog}
    </Stack>
  );
}

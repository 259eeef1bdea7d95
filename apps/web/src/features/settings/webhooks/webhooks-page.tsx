import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrailDrawer } from '../../../components/audit-trail/index.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointFormModal, ReplayRangeModal, SecretModal, type ShownSecret } from './endpoint-forms.tsx';
import { useWebhookAction } from './webhook-action.ts';
import { EndpointStatusBadge } from './webhook-badges.tsx';
import {
  useDeleteWebhookEndpoint,
  usePauseWebhookEndpoint,
  useResumeWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from './webhooks-api.ts';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'replay'; endpoint: WebhookEndpoint }
  | null;

/**
 * `/settings/integrations/<id>/webhooks` (super only): the integration's Standard Webhooks endpoints,
 * each with its actions and delivery log. A signing secret is shown once, when made or rotated.
 */
export function WebhooksPage({
  integrationId,
  integrationName,
}: {
  integrationId: number;
  integrationName?: string;
}) {
  const { t } = useTranslation('settings');
  const endpoints = useWebhookEndpoints(integrationId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  return (
    <>
      <PageHeader
        title={integrationName ? t('webhooks.titleOf', { name: integrationName }) : t('webhooks.title')}
        description={
          <>
            {t('webhooks.description')}{' '}
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/settings/integrations/$integrationId" params={{ integrationId }} />
              )}
              size="sm"
              underline="always"
            >
              {t('webhooks.backToIntegration')}
            </Anchor>
          </>
        }
        actions={
          <Button onClick={() => setDialog({ kind: 'add' })} data-testid="webhook-add">
            {t('webhooks.add')}
          </Button>
        }
      />
      {endpoints.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('webhooks.loading')} />
        </Group>
      ) : endpoints.isError ? (
        <Alert color="red">{t('webhooks.loadFailed')}</Alert>
      ) : endpoints.data.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">{t('webhooks.empty')}</Text>
        </Card>
      ) : (
        <Stack gap="lg">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              integrationId={integrationId}
              endpoint={endpoint}
              onEdit={() => setDialog({ kind: 'edit', endpoint })}
              onReplay={() => setDialog({ kind: 'replay', endpoint })}
              onSecret={setSecret}
            />
          ))}
        </Stack>
      )}
      {dialog?.kind === 'add' && (
        <EndpointFormModal
          integrationId={integrationId}
          onClose={() => setDialog(null)}
          onCreated={(shown) => {
            setDialog(null);
            setSecret(shown);
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EndpointFormModal
          integrationId={integrationId}
          endpoint={dialog.endpoint}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'replay' && (
        <ReplayRangeModal
          integrationId={integrationId}
          endpoint={dialog.endpoint}
          onClose={() => setDialog(null)}
        />
      )}
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
    </>
  );
}

/** One endpoint: what it receives, its state and why, its actions and its delivery log. */
function EndpointCard({
  integrationId,
  endpoint,
  onEdit,
  onReplay,
  onSecret,
}: {
  integrationId: number;
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onReplay: () => void;
  onSecret: (shown: ShownSecret) => void;
}) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const pause = usePauseWebhookEndpoint(integrationId);
  const resume = useResumeWebhookEndpoint(integrationId);
  const remove = useDeleteWebhookEndpoint(integrationId);
  const rotate = useRotateWebhookSecret(integrationId);
  const test = useSendWebhookTest(integrationId);
  const act = useWebhookAction();
  const confirm = useConfirm();
  const [history, setHistory] = useState(false);
  const ignore = () => {};

  return (
    <Card withBorder padding="lg" data-testid="webhook-endpoint" data-status={endpoint.status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Title>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
          </div>
          <EndpointStatusBadge status={endpoint.status} />
        </Group>
        {endpoint.status === 'disabled' && (
          <Alert
            color="red"
            variant="light"
            title={t('webhooks.disabledTitle')}
            data-testid="webhook-disabled-reason"
          >
            {endpoint.disabled_reason === '410'
              ? t('webhooks.disabledReason410')
              : t('webhooks.disabledReasonOther')}
          </Alert>
        )}
        {endpoint.blocked_customers > 0 && (
          <Alert
            color="orange"
            variant="light"
            title={t('webhooks.blockedTitle', {
              count: endpoint.blocked_customers,
              formatted: endpoint.blocked_customers.toLocaleString(locale),
            })}
            data-testid="webhook-blocked"
          >
            {t('webhooks.blocked')}
          </Alert>
        )}
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {t('webhooks.eventTypesLabel')}
          </Text>
          {endpoint.event_types.length === 0 ? (
            <Badge variant="outline" color="gray" tt="none">
              {t('webhooks.allEventTypes')}
            </Badge>
          ) : (
            endpoint.event_types.map((type) => (
              <Badge key={type} variant="light" tt="none">
                {t(`webhooks.eventTypes.${type}`, { defaultValue: type })}
              </Badge>
            ))
          )}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onEdit} data-testid="webhook-edit">
            {t('webhooks.edit')}
          </Button>
          {endpoint.status === 'enabled' ? (
            <Button
              size="xs"
              variant="default"
              loading={pause.isPending}
              onClick={() => void act(pause.mutateAsync(endpoint), t('webhooks.paused')).catch(ignore)}
              data-testid="webhook-pause"
            >
              {t('webhooks.pause')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              loading={resume.isPending}
              onClick={() => void act(resume.mutateAsync(endpoint), t('webhooks.resumed')).catch(ignore)}
              data-testid="webhook-resume"
            >
              {t('webhooks.resume')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            loading={test.isPending}
            onClick={() =>
              void act(test.mutateAsync(endpoint.id), (r) =>
                t('webhooks.testSent', { id: r.event_id }),
              ).catch(ignore)
            }
            data-testid="webhook-test"
          >
            {t('webhooks.sendTest')}
          </Button>
          <Button size="xs" variant="default" onClick={onReplay} data-testid="webhook-replay-range">
            {t('webhooks.replayRange.action')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              confirm.ask({
                title: t('webhooks.rotate.confirm', { url: endpoint.url }),
                message: t('webhooks.rotate.message'),
                confirmLabel: t('webhooks.rotate.action'),
                color: 'blue',
                onConfirm: async () => {
                  const r = await act(rotate.mutateAsync(endpoint), t('webhooks.rotate.done'));
                  onSecret({ url: endpoint.url, secret: r.secret, previousUntil: r.previous_expires_at });
                },
              })
            }
            data-testid="webhook-rotate"
          >
            {t('webhooks.rotate.action')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() =>
              confirm.ask({
                title: t('webhooks.remove.confirm', { url: endpoint.url }),
                message: t('webhooks.remove.message'),
                confirmLabel: t('webhooks.remove.action'),
                color: 'red',
                onConfirm: () => act(remove.mutateAsync(endpoint), t('webhooks.remove.done')),
              })
            }
            data-testid="webhook-delete"
          >
            {t('webhooks.remove.action')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setHistory(true)} data-testid="webhook-history">
            {t('webhooks.history')}
          </Button>
        </Group>
        <Divider />
        <DeliveryLog integrationId={integrationId} endpointId={endpoint.id} />
      </Stack>
      {confirm.dialog}
      <AuditTrailDrawer
        record={
          history
            ? {
                entity: 'webhook_endpoint',
                entityId: endpoint.id,
                title: t('webhooks.historyTitle', { url: endpoint.url }),
              }
            : null
        }
        onClose={() => setHistory(false)}
      />
    </Card>
  );
}

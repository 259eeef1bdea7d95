import type { Integration } from '@backdesk/contract';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPencil, IconWebhook } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { reported, useConfirm } from '../../../components/confirm-dialog.tsx';
import { DetailField } from '../../../components/detail-field.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { IntegrationModal } from './integration-form.tsx';
import { BackToIntegrations, IntegrationStateBadge } from './integration-parts.tsx';
import { useIntegration, useSetIntegrationEnabled } from './integrations-api.ts';
import { KeysCard } from './keys-card.tsx';
import { RecentCallsCard } from './recent-calls-card.tsx';

function DetailsCard({ integration }: { integration: Integration }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  return (
    <Card withBorder radius="md">
      <Title order={2} fz="md" mb="sm">
        {t('integrations.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <DetailField label={t('integrations.scopes')} wide>
          <Group gap={4}>
            {integration.scopes.map((scope) => (
              <Badge key={scope} variant="light" tt="none">
                {scope}
              </Badge>
            ))}
          </Group>
        </DetailField>
        <DetailField label={t('integrations.form.addresses')}>
          {integration.allowed_addresses?.join(', ') ?? t('integrations.anyAddress')}
        </DetailField>
        <DetailField label={t('integrations.form.rate')}>
          {formatInteger(locale, integration.requests_per_minute)}
        </DetailField>
        <DetailField label={t('integrations.created')}>
          {formatDateTime(locale, integration.created_at)}
        </DetailField>
      </SimpleGrid>
    </Card>
  );
}

/**
 * `/settings/integrations/$integrationId` (super only, R66–R67): one service identity of the exchange —
 * what it may call, its keys, its latest calls — edited, disabled or enabled, with its history.
 */
export function IntegrationPage({ integrationId }: { integrationId: number }) {
  const { t } = useTranslation(['settings', 'common']);
  const integration = useIntegration(integrationId);
  const [editing, setEditing] = useState(false);
  const { ask, dialog } = useConfirm();
  const setEnabled = useSetIntegrationEnabled();
  const history = useRecordHistory((i: Integration) => ({
    entity: 'integration',
    entityId: i.id,
    title: `${t('integrations.history')}: ${i.name}`,
  }));

  if (integration.isPending) return <Loader aria-label={t('integrations.loading')} />;
  if (integration.isError) return <Alert color="red">{t('integrations.loadFailed')}</Alert>;
  const found = integration.data;
  if (!found) return <NotFoundPage />;
  const name = found.name;

  const toggle = () =>
    found.enabled
      ? ask({
          title: t('integrations.disable.confirm', { name }),
          message: t('integrations.disable.message'),
          confirmLabel: t('integrations.disable.action'),
          color: 'red',
          onConfirm: () =>
            reported(async () => {
              await setEnabled.mutateAsync({ integration: found, enabled: false });
              notify({ title: t('integrations.disable.done', { name }), color: 'green' });
            }),
        })
      : void reported(async () => {
          await setEnabled.mutateAsync({ integration: found, enabled: true });
          notify({ title: t('integrations.enable.done', { name }), color: 'green' });
        }).catch(() => {});

  return (
    <>
      <BackToIntegrations />
      <PageHeader
        title={name}
        description={<IntegrationStateBadge enabled={found.enabled} />}
        actions={
          <Group gap="xs">
            {history.button(found, 'integration-history')}
            <Button
              variant="default"
              leftSection={<IconWebhook size={16} />}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/settings/integrations/$integrationId/webhooks"
                  params={{ integrationId: found.id }}
                />
              )}
              data-testid="integration-webhooks"
            >
              {t('integrations.webhooks')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
              data-testid="edit-integration"
            >
              {t('integrations.form.edit')}
            </Button>
            <Button
              variant="light"
              color={found.enabled ? 'red' : 'green'}
              loading={setEnabled.isPending}
              onClick={toggle}
              data-testid={found.enabled ? 'disable-integration' : 'enable-integration'}
            >
              {found.enabled ? t('integrations.disable.action') : t('integrations.enable.action')}
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        {!found.enabled && (
          <Alert color="gray" variant="light">
            {t('integrations.disabledNote')}
          </Alert>
        )}
        <DetailsCard integration={found} />
        <KeysCard integration={found} />
        <RecentCallsCard integrationId={found.id} />
      </Stack>
      {editing && <IntegrationModal integration={found} onClose={() => setEditing(false)} />}
      {history.drawer}
      {dialog}
    </>
  );
}

import type { Integration } from '@backdesk/contract';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Table, Text } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { IntegrationModal } from './integration-form.tsx';
import { IntegrationStateBadge } from './integration-parts.tsx';
import { useIntegrations } from './integrations-api.ts';

/** The latest use of any of the integration's keys, or null when none was used. */
const lastUsed = (integration: Integration): string | null =>
  integration.keys.reduce<string | null>(
    (latest, key) => (key.last_used_at && (!latest || key.last_used_at > latest) ? key.last_used_at : latest),
    null,
  );

/**
 * `/settings/integrations` (super only, R66): the exchange's service identities with their scopes,
 * state, live keys and last use; a new one opens its page, where its first key is made.
 */
export function IntegrationsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { locale } = useLanguage();
  const integrations = useIntegrations();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title={t('common:pages.integrations')}
        description={t('integrations.description')}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconListDetails size={16} />}
              renderRoot={(props) => <Link {...props} to="/settings/integrations/calls" />}
              data-testid="call-log"
            >
              {t('common:pages.integrationCalls')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setCreating(true)}
              data-testid="add-integration"
            >
              {t('integrations.add')}
            </Button>
          </Group>
        }
      />
      <Card withBorder padding={0} {...contentReady(integrations.isSuccess)}>
        {integrations.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label={t('integrations.loading')} />
          </Group>
        ) : integrations.isError ? (
          <Alert color="red" m="md">
            {t('integrations.loadFailed')}
          </Alert>
        ) : integrations.data.length === 0 ? (
          <Text p="md" c="dimmed">
            {t('integrations.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integrations.name')}</Table.Th>
                  <Table.Th>{t('integrations.scopes')}</Table.Th>
                  <Table.Th>{t('integrations.state')}</Table.Th>
                  <Table.Th>{t('integrations.keys')}</Table.Th>
                  <Table.Th>{t('integrations.lastUsed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {integrations.data.map((integration) => {
                  const used = lastUsed(integration);
                  return (
                    <Table.Tr key={integration.id}>
                      <Table.Td>
                        <Anchor
                          size="sm"
                          fw={600}
                          renderRoot={(props) => (
                            <Link
                              {...props}
                              to="/settings/integrations/$integrationId"
                              params={{ integrationId: integration.id }}
                            />
                          )}
                          data-testid="integration-link"
                        >
                          {integration.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {integration.scopes.map((scope) => (
                            <Badge key={scope} variant="light" tt="none">
                              {scope}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <IntegrationStateBadge enabled={integration.enabled} />
                      </Table.Td>
                      <Table.Td>
                        {integration.keys.filter((key) => !key.revoked_at).length.toLocaleString(locale)}
                      </Table.Td>
                      <Table.Td>{used ? formatDateTime(locale, used) : t('integrations.neverUsed')}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {creating && (
        <IntegrationModal
          integration={null}
          onClose={() => setCreating(false)}
          onCreated={(made) => {
            setCreating(false);
            void navigate({
              to: '/settings/integrations/$integrationId',
              params: { integrationId: made.id },
            });
          }}
        />
      )}
    </>
  );
}

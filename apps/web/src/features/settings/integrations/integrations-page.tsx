import type { Integration } from '@backdesk/contract';
import { Alert, Badge, Card, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { useIntegrations } from './integrations-api.ts';

/** The latest use of any of the integration's keys, or null when none was used. */
const lastUsed = (integration: Integration): string | null =>
  integration.keys.reduce<string | null>(
    (latest, key) => (key.last_used_at && (!latest || key.last_used_at > latest) ? key.last_used_at : latest),
    null,
  );

/**
 * `/settings/integrations` (super only, R66): the exchange's service identities with their scopes,
 * state, live keys and last use.
 */
export function IntegrationsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { locale } = useLanguage();
  const integrations = useIntegrations();

  return (
    <>
      <PageHeader title={t('common:pages.integrations')} description={t('integrations.description')} />
      <Card withBorder padding={0}>
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
                      <Table.Td>{integration.name}</Table.Td>
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
                        <Badge color={integration.enabled ? 'green' : 'gray'} variant="light">
                          {integration.enabled ? t('integrations.enabled') : t('integrations.disabled')}
                        </Badge>
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
    </>
  );
}

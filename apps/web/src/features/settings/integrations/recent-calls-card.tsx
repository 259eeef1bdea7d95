import { Anchor, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { CallOutcomeBadge } from './call-log-list.tsx';
import { useRecentCalls } from './integrations-api.ts';

/** The integration's ten latest calls of the public API, with the way into the whole call log. */
export function RecentCallsCard({ integrationId }: { integrationId: number }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const calls = useRecentCalls(integrationId);
  return (
    <Card withBorder radius="md" padding={0}>
      <Group justify="space-between" p="md">
        <Title order={2} fz="md">
          {t('integrations.recentCalls')}
        </Title>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link
              {...props}
              to="/settings/integrations/calls"
              search={{ integration: String(integrationId) }}
            />
          )}
          data-testid="open-call-log"
        >
          {t('integrations.openCallLog')}
        </Anchor>
      </Group>
      {calls.isPending ? (
        <Group justify="center" pb="md">
          <Loader size="sm" aria-label={t('integrations.loading')} />
        </Group>
      ) : !calls.data?.length ? (
        <Text px="md" pb="md" c="dimmed" size="sm">
          {t('integrations.noCalls')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" horizontalSpacing="md" data-testid="recent-calls">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('integrations.calls.columns.at')}</Table.Th>
                <Table.Th>{t('integrations.calls.columns.route')}</Table.Th>
                <Table.Th ta="right">{t('integrations.calls.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('integrations.calls.columns.duration')}</Table.Th>
                <Table.Th>{t('integrations.calls.columns.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calls.data.map((call) => (
                <Table.Tr key={call.id}>
                  <Table.Td>{formatDateTime(locale, call.at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {call.method} {call.route}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{call.status}</Table.Td>
                  <Table.Td ta="right">{formatInteger(locale, Math.round(call.duration_ms))}</Table.Td>
                  <Table.Td>
                    <CallOutcomeBadge outcome={call.outcome} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

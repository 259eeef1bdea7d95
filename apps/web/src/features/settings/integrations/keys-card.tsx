import type { Integration, IntegrationKey } from '@backdesk/contract';
import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reported, useConfirm } from '../../../components/confirm-dialog.tsx';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useRevokeKey } from './integrations-api.ts';
import { CreateKeyModal } from './key-modals.tsx';

type KeyState = 'live' | 'expired' | 'revoked';
const STATE_COLORS: Record<KeyState, string> = { live: 'green', expired: 'gray', revoked: 'red' };

const stateOf = (key: IntegrationKey, now: number): KeyState =>
  key.revoked_at ? 'revoked' : key.expires_at && Date.parse(key.expires_at) <= now ? 'expired' : 'live';

/** An integration's API keys: prefix, state, expiry, last use; a new one (shown once) and revoking (R67). */
export function KeysCard({ integration }: { integration: Integration }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ key: IntegrationKey; secret: string } | null>(null);
  const { ask, dialog } = useConfirm();
  const revoke = useRevokeKey();
  const now = Date.now();
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(locale, iso) : none);

  return (
    <Card withBorder radius="md" padding={0}>
      <Group justify="space-between" p="md">
        <Title order={2} fz="md">
          {t('integrations.apiKeys.title')}
        </Title>
        <Button
          leftSection={<IconKey size={16} />}
          variant="light"
          onClick={() => setCreating(true)}
          data-testid="create-key"
        >
          {t('integrations.apiKeys.create')}
        </Button>
      </Group>
      {integration.keys.length === 0 ? (
        <Text px="md" pb="md" c="dimmed" size="sm">
          {t('integrations.apiKeys.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('integrations.apiKeys.prefix')}</Table.Th>
                <Table.Th>{t('integrations.apiKeys.state')}</Table.Th>
                <Table.Th>{t('integrations.apiKeys.created')}</Table.Th>
                <Table.Th>{t('integrations.apiKeys.expires')}</Table.Th>
                <Table.Th>{t('integrations.lastUsed')}</Table.Th>
                <Table.Th ta="right">{t('integrations.apiKeys.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {integration.keys.map((key) => {
                const state = stateOf(key, now);
                return (
                  <Table.Tr key={key.id} data-testid="key-row" data-prefix={key.prefix}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {key.prefix}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATE_COLORS[state]} data-testid="key-state">
                        {t(`integrations.apiKeys.states.${state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(locale, key.created_at)}</Table.Td>
                    <Table.Td>{when(key.expires_at, t('integrations.apiKeys.noExpiry'))}</Table.Td>
                    <Table.Td>{when(key.last_used_at, t('integrations.neverUsed'))}</Table.Td>
                    <Table.Td ta="right">
                      {state !== 'revoked' && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={t('integrations.apiKeys.revokeNamed', { prefix: key.prefix })}
                          data-testid="revoke-key"
                          onClick={() =>
                            ask({
                              title: t('integrations.apiKeys.revokeConfirm', { prefix: key.prefix }),
                              message: t('integrations.apiKeys.revokeMessage', { name: integration.name }),
                              confirmLabel: t('integrations.apiKeys.revoke'),
                              color: 'red',
                              onConfirm: () =>
                                reported(async () => {
                                  await revoke.mutateAsync(key.id);
                                  notify({
                                    title: t('integrations.apiKeys.revoked', { prefix: key.prefix }),
                                    color: 'green',
                                  });
                                }),
                            })
                          }
                        >
                          {t('integrations.apiKeys.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && (
        <CreateKeyModal
          integration={integration}
          onClose={() => setCreating(false)}
          onCreated={(key, secret) => {
            setCreating(false);
            setShown({ key, secret });
          }}
        />
      )}
      <ShownOnceModal
        shown={
          shown && {
            title: t('integrations.apiKeys.shownTitle', { prefix: shown.key.prefix }),
            intro: t('integrations.apiKeys.shownIntro', { name: integration.name }),
            label: t('integrations.apiKeys.shownLabel'),
            value: shown.secret,
          }
        }
        onClose={() => setShown(null)}
        testId="api-key-secret"
      />
      {dialog}
    </Card>
  );
}

import type { ScimToken } from '@backdesk/contract';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reported, useConfirm } from '../../../components/confirm-dialog.tsx';
import { ModalForm } from '../../../components/forms/index.ts';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from './scim-tokens-api.ts';

/** A new token, named after its identity provider; the answer holds it once (`onCreated` shows it). */
function CreateScimTokenModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (token: ScimToken, secret: string) => void;
}) {
  const { t } = useTranslation('settings');
  const create = useCreateScimToken();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ModalForm
      onClose={onClose}
      title={t('members.scim.createTitle')}
      centered
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        create.mutate(name, {
          onSuccess: ({ token, secret }) => onCreated(token, secret),
          onError: (error) => setFailure(errorText(error)),
        });
      }}
      failure={failure}
      testId="create-scim-token-form"
      failureTestId="create-scim-token-failure"
      intro={
        <Text size="sm" c="dimmed">
          {t('members.scim.createIntro')}
        </Text>
      }
      actions={{
        submitLabel: t('members.scim.create'),
        submitting: create.isPending,
        submitTestId: 'create-scim-token-submit',
      }}
    >
      <TextInput
        label={t('members.scim.name')}
        required
        maxLength={80}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        data-testid="scim-token-name"
      />
    </ModalForm>
  );
}

/**
 * Settings → Members → SCIM provisioning (docs/sso.md): the tokens identity providers call `/scim/v2`
 * with; a new one is shown once, a revoked one is refused from its next request.
 */
export function ScimTokensCard() {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const tokens = useScimTokens();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ token: ScimToken; secret: string } | null>(null);
  const { ask, dialog } = useConfirm();
  const revoke = useRevokeScimToken();
  const items = tokens.data?.items ?? [];
  const url = `${window.location.origin}/scim/v2`;

  return (
    <Card withBorder radius="md" padding={0} mt="lg" data-testid="scim-tokens">
      <Group justify="space-between" p="md" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} fz="md">
              {t('members.scim.title')}
            </Title>
            {tokens.data && (
              <Badge
                size="sm"
                variant="light"
                color={tokens.data.provisioning ? 'green' : 'gray'}
                data-testid="scim-provisioning"
              >
                {tokens.data.provisioning ? t('members.scim.on') : t('members.scim.off')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('members.scim.intro', { url })}
          </Text>
        </Stack>
        <Button
          leftSection={<IconKey size={16} />}
          variant="light"
          onClick={() => setCreating(true)}
          data-testid="create-scim-token"
          style={{ flexShrink: 0 }}
        >
          {t('members.scim.create')}
        </Button>
      </Group>
      {tokens.isError && (
        <Text px="md" pb="md" c="red" size="sm">
          {t('members.scim.loadFailed')}
        </Text>
      )}
      {!tokens.data ? null : items.length === 0 ? (
        <Text px="md" pb="md" c="dimmed" size="sm">
          {t('members.scim.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="scim-tokens-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.scim.name')}</Table.Th>
                <Table.Th>{t('members.scim.prefix')}</Table.Th>
                <Table.Th>{t('members.scim.state')}</Table.Th>
                <Table.Th>{t('members.scim.createdBy')}</Table.Th>
                <Table.Th>{t('members.scim.created')}</Table.Th>
                <Table.Th>{t('members.scim.lastUsed')}</Table.Th>
                <Table.Th ta="right">{t('members.scim.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((token) => {
                const state = token.revoked_at ? 'revoked' : 'live';
                return (
                  <Table.Tr key={token.id} data-testid="scim-token-row" data-prefix={token.prefix}>
                    <Table.Td>{token.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {token.prefix}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={state === 'live' ? 'green' : 'red'}
                        data-testid="scim-token-state"
                      >
                        {t(`members.scim.states.${state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{token.created_by ?? ''}</Table.Td>
                    <Table.Td>{formatDateTime(locale, token.created_at)}</Table.Td>
                    <Table.Td>
                      {token.last_used_at
                        ? formatDateTime(locale, token.last_used_at)
                        : t('members.scim.neverUsed')}
                    </Table.Td>
                    <Table.Td ta="right">
                      {state === 'live' && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={t('members.scim.revokeNamed', { prefix: token.prefix })}
                          data-testid="revoke-scim-token"
                          onClick={() =>
                            ask({
                              title: t('members.scim.revokeConfirm', { prefix: token.prefix }),
                              message: t('members.scim.revokeMessage'),
                              confirmLabel: t('members.scim.revoke'),
                              color: 'red',
                              onConfirm: () =>
                                reported(async () => {
                                  await revoke.mutateAsync(token);
                                  notify({
                                    title: t('members.scim.revoked', { prefix: token.prefix }),
                                    color: 'green',
                                  });
                                }),
                            })
                          }
                        >
                          {t('members.scim.revoke')}
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
        <CreateScimTokenModal
          onClose={() => setCreating(false)}
          onCreated={(token, secret) => {
            setCreating(false);
            setShown({ token, secret });
          }}
        />
      )}
      <ShownOnceModal
        shown={
          shown && {
            title: t('members.scim.shownTitle', { prefix: shown.token.prefix }),
            intro: t('members.scim.shownIntro'),
            label: t('members.scim.shownLabel'),
            value: shown.secret,
          }
        }
        onClose={() => setShown(null)}
        testId="scim-token-secret"
      />
      {dialog}
    </Card>
  );
}

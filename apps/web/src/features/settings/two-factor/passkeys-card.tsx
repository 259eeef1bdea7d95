import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { startRegistration } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { callEndpoint } from '../../../lib/api.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { passkeyErrorText } from '../../../lib/passkey-errors.ts';
import { FactorCard, type FactorCardProps, useFactorAction } from './factor-card.tsx';
import { twoFactorEndpoints } from './two-factor-api.ts';

/** Passkeys and security keys: the member's list, named; add one; remove one (not the last factor). */
export function PasskeysCard({ status, onChanged, onRecoveryCodes }: FactorCardProps) {
  const { t } = useTranslation('twofa');
  const { locale } = useLanguage();
  const confirm = useConfirm();
  const [name, setName] = useState('');
  const { error, setError, busy, run } = useFactorAction(passkeyErrorText);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) {
      setError(t('errors:issues.required'));
      return;
    }
    await run(async () => {
      const options = await callEndpoint(twoFactorEndpoints.passkeyOptions);
      const credential = await startRegistration({ optionsJSON: options as never });
      const result = await callEndpoint(twoFactorEndpoints.addPasskey, {
        body: { name: chosen, credential: credential as never },
      });
      setName('');
      if (result.recovery_codes) onRecoveryCodes(result.recovery_codes);
      notify({ title: t('passkeys.added', { name: chosen }), color: 'green' });
      await onChanged();
    });
  };

  const remove = (id: number, keyName: string) =>
    confirm.ask({
      title: t('passkeys.removeTitle', { name: keyName }),
      message: t('passkeys.removeMessage'),
      confirmLabel: t('passkeys.remove'),
      color: 'red',
      onConfirm: async () => {
        try {
          await callEndpoint(twoFactorEndpoints.removePasskey, { body: { id } });
        } catch (failure) {
          notify({ title: errorText(failure), color: 'red' });
          throw failure;
        }
        notify({ title: t('passkeys.removed', { name: keyName }), color: 'green' });
        await onChanged();
      },
    });

  return (
    <FactorCard testId="passkeys-card" title={t('passkeys.title')} description={t('passkeys.description')}>
      {status.passkeys.length === 0 ? (
        <Text size="sm" mb="md">
          {t('passkeys.empty')}
        </Text>
      ) : (
        <Table mb="md" verticalSpacing="xs" data-testid="passkeys">
          <Table.Tbody>
            {status.passkeys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {key.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('passkeys.createdAt', { date: formatDateTime(locale, key.created_at) })}
                    {' · '}
                    {key.last_used_at
                      ? t('passkeys.lastUsed', { date: formatDateTime(locale, key.last_used_at) })
                      : t('passkeys.neverUsed')}
                  </Text>
                </Table.Td>
                <Table.Td w={1}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => remove(key.id, key.name)}
                    aria-label={`${t('passkeys.remove')}: ${key.name}`}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={add} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('passkeys.nameLabel')}
              placeholder={t('passkeys.namePlaceholder')}
              name="passkey_name"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={error}
              errorProps={{ role: 'alert', 'data-testid': 'passkey-error' }}
              style={{ flex: 1, minWidth: 220 }}
              required
            />
            <Button type="submit" loading={busy} mt={25} data-testid="passkey-add">
              {t('passkeys.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {confirm.dialog}
    </FactorCard>
  );
}

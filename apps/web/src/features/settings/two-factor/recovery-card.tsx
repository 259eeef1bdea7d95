import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../lib/api.ts';
import { FactorCard, type FactorCardProps, useFactorAction } from './factor-card.tsx';
import { twoFactorEndpoints } from './two-factor-api.ts';

/** How many recovery codes are left, and ten new ones for the password. */
export function RecoveryCard({ status, onChanged, onRecoveryCodes }: FactorCardProps) {
  const { t } = useTranslation(['twofa', 'common']);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { error, setError, busy, run } = useFactorAction();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const renew = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const result = await callEndpoint(twoFactorEndpoints.renewRecoveryCodes, { body: { password } });
      close();
      onRecoveryCodes(result.recovery_codes);
      await onChanged();
    });
  };

  return (
    <FactorCard
      testId="recovery-card"
      title={t('recovery.title')}
      description={t('recovery.description')}
      descriptionGap="xs"
    >
      <Group justify="space-between">
        <Text size="sm" data-testid="recovery-left">
          {t('recovery.left', { count: status.recovery_codes_left })}
        </Text>
        <Button variant="default" onClick={() => setOpen(true)}>
          {t('recovery.renew')}
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title={t('recovery.renewTitle')} centered>
        <form onSubmit={renew} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('recovery.renewMessage')}</Text>
            <PasswordInput
              label={t('disable.passwordLabel')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              errorProps={{ role: 'alert' }}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={busy} disabled={!password}>
                {t('recovery.renew')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </FactorCard>
  );
}

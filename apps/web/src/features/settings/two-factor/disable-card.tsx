import { Button, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { FactorCard, type FactorCardProps, useFactorAction } from './factor-card.tsx';
import { twoFactorEndpoints } from './two-factor-api.ts';

type Method = 'totp' | 'recovery';

/** Turning two-factor off: the password and a current code (app or recovery), or nothing changes. */
export function DisableCard({ status, onChanged }: Pick<FactorCardProps, 'status' | 'onChanged'>) {
  const { t } = useTranslation('twofa');
  const methods: Method[] = status.totp ? ['totp', 'recovery'] : ['recovery'];
  const [method, setMethod] = useState<Method>(methods[0]!);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { error, setError, busy, run } = useFactorAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) {
      setError(t('errors:issues.required'));
      return;
    }
    await run(async () => {
      await callEndpoint(twoFactorEndpoints.disable, { body: { password, method, code: code.trim() } });
      notify({ title: t('disable.done'), color: 'green' });
      await onChanged();
    });
  };

  return (
    <FactorCard testId="disable-card" title={t('disable.title')} description={t('disable.description')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('disable.passwordLabel')}
            name="disable_password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            required
          />
          {methods.length > 1 && (
            <SegmentedControl
              aria-label={t('disable.methodLabel')}
              value={method}
              onChange={(value) => setMethod(value as Method)}
              data={methods.map((m) => ({ value: m, label: t(`signIn.methods.${m}`) }))}
            />
          )}
          <TextInput
            label={method === 'totp' ? t('disable.codeLabel') : t('signIn.recoveryLabel')}
            name="disable_code"
            autoComplete="one-time-code"
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            maxLength={20}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            errorProps={{ role: 'alert', 'data-testid': 'disable-error' }}
            required
          />
          <Button
            type="submit"
            color="red"
            loading={busy}
            data-testid="disable-submit"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('disable.submit')}
          </Button>
        </Stack>
      </form>
    </FactorCard>
  );
}

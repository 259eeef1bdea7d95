import { Anchor, Button, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { startAuthentication } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, callEndpoint } from '../../lib/api.ts';
import { errorText } from '../../lib/errors.ts';
import { passkeyErrorText } from '../../lib/passkey-errors.ts';
import { secondStepEndpoints } from './second-step-api.ts';
import type { SecondStepNeeded } from './session.ts';

type Method = SecondStepNeeded['methods'][number];

/**
 * The sign-in's second step (loaded only when a member with two-factor has passed the password):
 * a code from the authenticator app, a passkey, or a recovery code. `onPassed` runs once the server
 * has set the session cookies; `onRestart` sends the member back to the password form.
 */
export default function SecondStepForm({
  step,
  onPassed,
  onRestart,
}: {
  step: SecondStepNeeded;
  onPassed: () => Promise<void>;
  onRestart: (expired: boolean) => void;
}) {
  const { t, ready } = useTranslation(['twofa', 'errors']);
  const [method, setMethod] = useState<Method>(step.methods[0] ?? 'totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (attempt: () => Promise<unknown>, wordError = errorText) => {
    setBusy(true);
    setError(undefined);
    try {
      await attempt();
      await onPassed();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === 'TWO_FACTOR_CHALLENGE_EXPIRED') {
        onRestart(true);
        return;
      }
      setError(wordError(failure));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'passkey') return;
    if (!code.trim()) {
      setError(t('errors:issues.required'));
      return;
    }
    void run(() =>
      callEndpoint(secondStepEndpoints.code, {
        body: { challenge: step.challenge, method, code: code.trim() },
      }),
    );
  };

  const usePasskey = () =>
    run(async () => {
      const options = await callEndpoint(secondStepEndpoints.passkeyOptions, {
        body: { challenge: step.challenge },
      });
      const credential = await startAuthentication({ optionsJSON: options as never });
      await callEndpoint(secondStepEndpoints.passkey, {
        body: { challenge: step.challenge, credential: credential as never },
      });
    }, passkeyErrorText);

  if (!ready) return null;
  const isCode = method === 'totp';
  return (
    <Stack gap="md" data-testid="second-step">
      <div>
        <Title order={1} fz={22} mb={4}>
          {t('signIn.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('signIn.subtitle')}
        </Text>
      </div>
      {step.methods.length > 1 && (
        <SegmentedControl
          fullWidth
          aria-label={t('signIn.methodLabel')}
          value={method}
          onChange={(value) => {
            setMethod(value as Method);
            setCode('');
            setError(undefined);
          }}
          data={step.methods.map((m) => ({ value: m, label: t(`signIn.methods.${m}`) }))}
        />
      )}
      {method === 'passkey' ? (
        <Stack gap="sm">
          <Text size="sm">{t('signIn.passkeyHint')}</Text>
          {error && (
            <Text size="sm" c="red" role="alert" data-testid="second-step-error">
              {error}
            </Text>
          )}
          <Button onClick={usePasskey} loading={busy} size="md" data-testid="use-passkey">
            {t('signIn.usePasskey')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <Stack gap="md">
            <TextInput
              key={method}
              label={isCode ? t('signIn.codeLabel') : t('signIn.recoveryLabel')}
              description={isCode ? t('signIn.codeHint') : t('signIn.recoveryHint')}
              name={isCode ? 'one_time_code' : 'recovery_code'}
              autoComplete={isCode ? 'one-time-code' : 'off'}
              inputMode={isCode ? 'numeric' : 'text'}
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={isCode ? 10 : 20}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              errorProps={{ 'data-testid': 'second-step-error', role: 'alert' }}
              required
              autoFocus
            />
            <Button type="submit" fullWidth loading={busy} size="md" data-testid="second-step-submit">
              {t('signIn.verify')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" onClick={() => onRestart(false)} ta="center">
        {t('signIn.back')}
      </Anchor>
    </Stack>
  );
}

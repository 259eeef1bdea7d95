import { Box, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand.tsx';
import { ColorModeSwitch } from '../../components/color-mode-switch.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { notify } from '../../lib/notify.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CaptchaCheck } from './captcha/captcha-check.tsx';
import { useCaptcha } from './captcha/use-captcha.ts';
import { loginFailureText } from './login-failure.ts';
import classes from './login-page.module.css';
import { completeSignIn, type SecondStepNeeded, signIn } from './session.ts';
import { SsoOptions } from './sso-options.tsx';

type FieldErrors = Partial<Record<'userName' | 'password' | 'captcha', string>>;

// Only members with two-factor need the second step: its code (and WebAuthn's) stays out of /login's
// first load (150 KB budget).
const SecondStepForm = lazy(() => import('./second-step-form.tsx'));

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStepNeeded | null>(null);
  useDocumentTitle(t('common:pages.login'));

  const signedIn = async () => {
    notify({ title: t('loginSuccessful'), color: 'green' });
    await navigate({ to: '/' });
  };

  const showFailure = (failure: Parameters<typeof loginFailureText>[0]) => {
    const text = loginFailureText(failure);
    notify({
      title:
        'key' in text
          ? t(`common:errors.${text.key}`, text.count === undefined ? {} : { count: text.count })
          : text.message,
      color: 'red',
    });
  };

  /** After the second step passed: the credential fetch and the panel check, as after a password. */
  const passSecondStep = async () => {
    const result = await completeSignIn();
    if (result.ok) return signedIn();
    if ('failure' in result) showFailure(result.failure);
    setSecondStep(null);
  };

  const restart = (expired: boolean) => {
    if (expired) notify({ title: t('twofa:signIn.restart'), color: 'red' });
    setSecondStep(null);
    setPassword('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {
      userName: userName.trim() ? undefined : t('required.userName'),
      password: password ? undefined : t('required.password'),
      captcha: captcha.token ? undefined : t('required.captcha'),
    };
    setErrors(found);
    if (!captcha.token) captcha.start();
    if (found.userName || found.password || !captcha.token) return;

    setSubmitting(true);
    const result = await signIn({ user_name: userName.trim(), password, captchaToken: captcha.token });
    setSubmitting(false);
    // Each captcha solution is accepted once; a later attempt needs a fresh one.
    if (result.ok) return signedIn();
    captcha.renew();
    if ('secondStep' in result) setSecondStep(result.secondStep);
    else showFailure(result.failure);
  };

  return (
    <Box className={classes.page}>
      <Group className={classes.corner} gap="xs">
        <LanguageSwitch />
        <ColorModeSwitch />
      </Group>
      <Stack className={classes.column} gap="lg">
        <Brand withTagline />
        <Paper withBorder shadow="sm" p="xl" radius="lg" className={classes.card}>
          {secondStep ? (
            // The step's chunk is small and asked for right away: no placeholder worth drawing.
            <Suspense fallback={null}>
              <SecondStepForm step={secondStep} onPassed={passSecondStep} onRestart={restart} />
            </Suspense>
          ) : (
            <>
              <Title order={1} fz={22} mb={4}>
                {t('title')}
              </Title>
              <Text size="sm" c="dimmed" mb="lg">
                {t('subtitle')}
              </Text>
              <SsoOptions />
              {/* Solving starts as soon as the user engages, so it is usually done before they submit. */}
              <form onSubmit={submit} onFocus={captcha.start} noValidate>
                <Stack gap="md">
                  <TextInput
                    label={t('userName')}
                    name="user_name"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={userName}
                    onChange={(event) => setUserName(event.currentTarget.value)}
                    error={errors.userName}
                    required
                    autoFocus
                  />
                  <PasswordInput
                    label={t('password')}
                    name="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                    error={errors.password}
                    required
                  />
                  <CaptchaCheck captcha={captcha} error={captcha.token ? undefined : errors.captcha} />
                  <Button type="submit" fullWidth loading={submitting} size="md" mt="xs">
                    {t('submit')}
                  </Button>
                </Stack>
              </form>
            </>
          )}
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          {t('staffOnly')}
        </Text>
      </Stack>
    </Box>
  );
}

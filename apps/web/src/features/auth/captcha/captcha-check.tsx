import { Button, Group, Loader, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './captcha-check.module.css';
import type { Captcha } from './use-captcha.ts';

/** A checkbox-like control showing the captcha's progress: tick, verifying…, verified, expired, failed. */
export function CaptchaCheck({ captcha, error }: { captcha: Captcha; error?: string }) {
  const { t } = useTranslation('auth');
  const { status } = captcha;
  const busy = status === 'loading' || status === 'solving' || status === 'expired';
  const statusText = {
    loading: t('captcha.loading'),
    ready: t('captcha.idle'),
    solving: t('captcha.solving'),
    verified: t('captcha.verified'),
    expired: t('captcha.expired'),
    error: t('captcha.error'),
  }[status];

  return (
    <div>
      <Paper
        withBorder
        px="sm"
        py={10}
        radius="md"
        bg="var(--mantine-color-body)"
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        data-testid="captcha"
        data-status={status}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {status === 'verified' ? (
              <ThemeIcon size={22} radius="sm" color="green" aria-hidden>
                <IconCheck size={16} stroke={3} />
              </ThemeIcon>
            ) : busy ? (
              <Loader size={22} type="oval" aria-hidden />
            ) : (
              // A plain box rather than Mantine's Checkbox, whose group and card parts would weigh on /login.
              <UnstyledButton
                role="checkbox"
                aria-checked={false}
                aria-label={t('captcha.label')}
                className={classes.box}
                onClick={captcha.start}
                disabled={status !== 'ready'}
              />
            )}
            <div>
              <Text size="sm" fw={500} lh={1.3}>
                {t('captcha.label')}
              </Text>
              <Text
                size="xs"
                c={status === 'error' ? 'red' : status === 'verified' ? 'green' : 'dimmed'}
                aria-live="polite"
              >
                {statusText}
              </Text>
            </div>
          </Group>
          {status === 'error' ? (
            <Button size="compact-xs" variant="light" onClick={captcha.start}>
              {t('captcha.retry')}
            </Button>
          ) : (
            <IconShieldLock size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
        </Group>
      </Paper>
      {error ? (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {t('captcha.note')}
        </Text>
      )}
    </div>
  );
}

import type { TotpEnrolment } from '@backdesk/contract';
import { Badge, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../lib/api.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { FactorCard, type FactorCardProps, useFactorAction } from './factor-card.tsx';
import { twoFactorEndpoints } from './two-factor-api.ts';

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
/** The key in groups of four, easier to type; apps ignore the spaces. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

/** The authenticator app: its state, or its enrolment (QR code, key, confirming code). */
export function TotpCard({ status, onChanged, onRecoveryCodes }: FactorCardProps) {
  const { t } = useTranslation('twofa');
  const { locale } = useLanguage();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const { error, busy, run } = useFactorAction();

  // No form is shown yet to hold a failure: it is a notification.
  const start = () =>
    run(
      async () => {
        setEnrolment(await callEndpoint(twoFactorEndpoints.startTotp));
        setCode('');
      },
      (failure) => notify({ title: errorText(failure), color: 'red' }),
    );

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const result = await callEndpoint(twoFactorEndpoints.confirmTotp, { body: { code } });
      setEnrolment(null);
      if (result.recovery_codes) onRecoveryCodes(result.recovery_codes);
      notify({ title: t('totp.enabled'), color: 'green' });
      await onChanged();
    });
  };

  const { totp } = status;
  return (
    <FactorCard
      testId="totp-card"
      title={t('totp.title')}
      badge={
        <Badge color={totp ? 'green' : 'gray'} variant="light">
          {totp ? t('page.on') : t('page.off')}
        </Badge>
      }
      description={t('totp.description')}
    >
      {totp ? (
        <Text size="sm">
          {t('totp.enabledSince', { date: formatDateTime(locale, totp.created_at) })}
          {' · '}
          {totp.last_used_at
            ? t('totp.lastUsed', { date: formatDateTime(locale, totp.last_used_at) })
            : t('totp.neverUsed')}
        </Text>
      ) : enrolment ? (
        <form onSubmit={confirm} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('totp.scan')}</Text>
            <Group align="flex-start" gap="lg">
              {/* Dark on white whatever the colour mode: scanners need the contrast. */}
              <Image
                src={svgSource(enrolment.qr_svg)}
                alt={t('totp.qrAlt')}
                w={176}
                h={176}
                bg="white"
                p={4}
                radius="sm"
                data-testid="totp-qr"
              />
              <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
                <Text size="sm" fw={500} id="totp-key-label">
                  {t('totp.keyLabel')}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Code
                    fz="md"
                    aria-labelledby="totp-key-label"
                    data-testid="totp-secret"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {grouped(enrolment.secret)}
                  </Code>
                  <CopyButton value={enrolment.secret}>
                    {({ copied, copy }) => (
                      <Button size="compact-sm" variant="default" onClick={copy}>
                        {copied ? t('totp.copied') : t('totp.copyKey')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('totp.expiresAt', { time: formatDateTime(locale, enrolment.expires_at) })}
                </Text>
              </Stack>
            </Group>
            <TextInput
              label={t('totp.confirmLabel')}
              description={t('totp.confirmHint')}
              name="totp_code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={10}
              maw={240}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              errorProps={{ role: 'alert', 'data-testid': 'totp-error' }}
              required
            />
            <Group>
              <Button type="submit" loading={busy} data-testid="totp-confirm">
                {t('totp.confirm')}
              </Button>
              <Button variant="default" onClick={() => setEnrolment(null)} disabled={busy}>
                {t('totp.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button onClick={start} loading={busy} data-testid="totp-start">
          {t('totp.setUp')}
        </Button>
      )}
    </FactorCard>
  );
}

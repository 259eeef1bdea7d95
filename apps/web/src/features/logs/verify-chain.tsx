import type { LogName, VerifyResult } from '@backdesk/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api.ts';
import { errorText } from '../../lib/errors.ts';
import { formatInteger } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import { logsEndpoints } from './logs-api.ts';

function Outcome({ result }: { result: VerifyResult }) {
  const { t } = useTranslation('logs');
  const { locale } = useLanguage();
  const n = (value: number) => formatInteger(locale, value);
  const notes = [
    result.cut_through_id !== null && t('verify.cut', { id: n(result.cut_through_id) }),
    result.seals > 0 && t('verify.seals', { count: result.seals }),
  ].filter(Boolean);
  if (!result.intact) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconShieldX size={18} />}
        data-testid="verify-result"
        data-intact="false"
      >
        {t('verify.broken', {
          id: n(result.broken_id ?? 0),
          reason: t(`verify.reasons.${result.reason ?? 'hash_mismatch'}`),
        })}
      </Alert>
    );
  }
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconShieldCheck size={18} />}
      data-testid="verify-result"
      data-intact="true"
    >
      <Stack gap={2}>
        <Text size="sm">
          {result.through_id === null
            ? t('verify.intactEmpty')
            : t('verify.intact', {
                id: n(result.through_id),
                checked: n(result.checked),
                seconds: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(result.ms / 1000),
              })}
        </Text>
        {notes.map((note) => (
          <Text key={String(note)} size="xs" c="dimmed">
            {note}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** Recomputes the tab's hash chain on the server and says how far it holds. */
export function VerifyChain({ log }: { log: LogName }) {
  const { t } = useTranslation('logs');
  // A check, not a change: nothing to reload afterwards.
  const verify = useMutation({
    mutationKey: ['logs', 'verify', log],
    mutationFn: () => callEndpoint(logsEndpoints.verify, { query: { log } }),
  });
  return (
    <Stack gap="xs" mb="sm">
      <Group>
        <Button
          variant="light"
          leftSection={<IconShieldCheck size={16} />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
          data-testid="verify-chain"
        >
          {t('verify.button')}
        </Button>
      </Group>
      <div aria-live="polite">
        {verify.data && <Outcome result={verify.data} />}
        {verify.isError && (
          <Alert color="red" variant="light" title={t('verify.failed')} data-testid="verify-error">
            {errorText(verify.error)}
          </Alert>
        )}
      </div>
    </Stack>
  );
}

import { Alert, Button, Group, NumberInput, Paper, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api.ts';
import { useCan } from '../../lib/can.ts';
import { errorText } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { logsEndpoints } from './logs-api.ts';

const KEY = ['logs', 'retention'] as const;

/** How long access-log rows are kept: shown to everyone, changed by a super. */
export function RetentionSetting() {
  const { t } = useTranslation('logs');
  const can = useCan();
  const client = useQueryClient();
  const current = useQuery({ queryKey: KEY, queryFn: () => callEndpoint(logsEndpoints.retention, {}) });
  const [days, setDays] = useState<number | string>('');
  useEffect(() => {
    if (current.data) setDays(current.data.days);
  }, [current.data]);
  const save = useMutation({
    mutationFn: () =>
      callEndpoint(logsEndpoints.setRetention, {
        body: { days: Number(days), version: current.data?.version ?? 0 },
      }),
    onSuccess: (result) => {
      client.setQueryData(KEY, result.retention);
      notify({ title: t('retention.saved'), color: 'green' });
    },
  });
  if (!current.data) return null;
  const { minimum, maximum } = current.data;
  if (!can(logsEndpoints.setRetention)) {
    return (
      <Text size="sm" c="dimmed" data-testid="retention-current">
        {t('retention.current', { days: current.data.days })}
      </Text>
    );
  }
  const valid = Number.isInteger(Number(days)) && Number(days) >= minimum && Number(days) <= maximum;
  return (
    <Paper withBorder p="md" radius="md" data-testid="retention-setting">
      <Title order={2} fz="md" mb="xs">
        {t('retention.title')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) save.mutate();
        }}
      >
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('retention.days')}
            description={t('retention.help', { min: minimum, max: maximum })}
            min={minimum}
            max={maximum}
            allowDecimal={false}
            allowNegative={false}
            value={days}
            onChange={setDays}
            w={420}
            data-testid="retention-days"
          />
          <Button
            type="submit"
            disabled={!valid || Number(days) === current.data.days}
            loading={save.isPending}
          >
            {t('retention.save')}
          </Button>
        </Group>
        {save.isError && (
          <Alert color="red" variant="light" mt="sm">
            {errorText(save.error)}
          </Alert>
        )}
      </form>
    </Paper>
  );
}

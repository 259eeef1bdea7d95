import { Alert, Button, Group, NumberInput, Paper, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../lib/api.ts';
import { useCan } from '../lib/can.ts';
import type { EndpointRef } from '../lib/contract.ts';
import { errorText } from '../lib/errors.ts';
import { notify } from '../lib/notify.ts';

interface Retention {
  days: number;
  version: number;
  minimum: number;
  maximum: number;
}

export interface RetentionSettingProps {
  queryKey: readonly unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: any retention pair of the contract (access log, call log)
  get: EndpointRef<any>;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  set: EndpointRef<any>;
  /** Where its texts are: `<ns>:<prefix>.title`, `.days`, `.help`, `.current`, `.save`, `.saved`. */
  texts: string;
  testId?: string;
}

/** How many days a log keeps its rows: shown to everyone who sees the log, changed by whoever may. */
export function RetentionSetting({
  queryKey,
  get,
  set,
  texts,
  testId = 'retention-setting',
}: RetentionSettingProps) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const current = useQuery({
    queryKey,
    queryFn: async () => (await callEndpoint(get, {})) as Retention,
  });
  const [days, setDays] = useState<number | string>('');
  useEffect(() => {
    if (current.data) setDays(current.data.days);
  }, [current.data]);
  // Not useSettledMutation: a saved setting is the answer, written into the cache; only a refusal reads it again.
  const save = useMutation({
    mutationFn: async () =>
      (await callEndpoint(set, { body: { days: Number(days), version: current.data?.version ?? 0 } })) as {
        retention: Retention;
      },
    onSuccess: (result) => {
      client.setQueryData(queryKey, result.retention);
      notify({ title: t(`${texts}.saved`), color: 'green' });
    },
    // A refusal (a stale version) reads the setting again.
    onError: () => void client.invalidateQueries({ queryKey }),
  });
  if (!current.data) return null;
  const { minimum, maximum } = current.data;
  if (!can(set)) {
    return (
      <Text size="sm" c="dimmed" data-testid="retention-current">
        {t(`${texts}.current`, { days: current.data.days })}
      </Text>
    );
  }
  const valid = Number.isInteger(Number(days)) && Number(days) >= minimum && Number(days) <= maximum;
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={2} fz="md" mb="xs">
        {t(`${texts}.title`)}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) save.mutate();
        }}
      >
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t(`${texts}.days`)}
            description={t(`${texts}.help`, { min: minimum, max: maximum })}
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
            {t(`${texts}.save`)}
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

import type { fraudApi } from '@backdesk/contract';
import { Badge, Button, Group, Loader, Paper, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { formatTime } from '../../../../lib/format.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { notify } from '../../../../lib/notify.ts';
import { runEndpoints } from './endpoints.ts';
import { logLineText } from './run-log.ts';
import { isUnderWay, useCancelRun, useRun } from './runs-api.ts';

const STATUS_COLOR: Record<fraudApi.FraudRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};
const LEVEL_COLOR = { info: undefined, warn: 'orange.8', error: 'red.8' } as const;

export function RunStatusBadge({ status }: { status: fraudApi.FraudRun['status'] }) {
  const { t } = useTranslation('fraud');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="run-status" data-status={status}>
      {t(`runStatus.${status}`)}
    </Badge>
  );
}

/**
 * One run as it goes: status, a progress bar, its log in the member's language and a cancel button.
 * Every figure is read from the server (polled while the run is under way), so any node's run shows.
 */
export function RunPanel({ runId }: { runId: number }) {
  const { t, i18n } = useTranslation([
    'fraudRules',
    'fraud',
    'fraudScreening',
    'compliance',
    'errors',
    'common',
  ]);
  const can = useCan();
  const { data, error } = useRun(runId);
  const cancel = useCancelRun();
  const confirm = useConfirm();
  if (error) return <Text c="red.8">{errorText(error)}</Text>;
  if (!data) return <Loader size="sm" aria-label={t('runPanel.loading')} />;
  const { run, log } = data;
  const kind = t(`fraud:runKind.${run.kind}`);
  const total = run.progress_total;
  const percent = total ? Math.min(100, (run.progress_done / total) * 100) : run.status === 'done' ? 100 : 0;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder p="sm" data-testid="run-panel" data-run-id={run.id} data-status={run.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{t('runPanel.title', { kind, id: run.id })}</Text>
            <RunStatusBadge status={run.status} />
          </Group>
          {isUnderWay(run) && can(runEndpoints.cancel) && (
            <Button
              size="xs"
              variant="default"
              color="red"
              disabled={run.cancel_requested}
              onClick={() =>
                confirm.ask({
                  title: t('runPanel.cancelTitle', { kind, id: run.id }),
                  message: t('runPanel.cancelMessage'),
                  confirmLabel: t('runPanel.cancel'),
                  color: 'red',
                  onConfirm: () =>
                    cancel.mutateAsync(run.id).catch((e: unknown) => {
                      notify({ title: errorText(e), color: 'red' });
                      throw e;
                    }),
                })
              }
              data-testid="run-cancel"
            >
              {run.cancel_requested ? t('runPanel.cancelRequested') : t('runPanel.cancel')}
            </Button>
          )}
        </Group>
        <Progress
          value={percent}
          animated={run.status === 'running'}
          aria-label={t('runPanel.progressLabel', { kind })}
          color={STATUS_COLOR[run.status]}
        />
        <Text size="sm" c="dimmed" data-testid="run-progress">
          {total
            ? t('runPanel.progress', { done: number.format(run.progress_done), total: number.format(total) })
            : t('runPanel.progressUnknown', { done: number.format(run.progress_done) })}
          {run.finished_at &&
            ` · ${t('runPanel.finished', { at: formatDateTime(i18n.language, run.finished_at) })}`}
        </Text>
        <Text size="sm" fw={600} id={`run-log-${run.id}`}>
          {t('runPanel.log')}
        </Text>
        <ScrollArea.Autosize mah={180} type="auto" aria-labelledby={`run-log-${run.id}`}>
          {log.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('runPanel.logEmpty')}
            </Text>
          ) : (
            <Stack
              gap={2}
              component="ol"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              data-testid="run-log"
            >
              {log.map((line) => (
                <Text key={line.seq} component="li" size="sm" c={LEVEL_COLOR[line.level]}>
                  <Text span c="dimmed" size="xs" mr={6}>
                    {formatTime(i18n.language, line.at)}
                  </Text>
                  {logLineText(t, line)}
                </Text>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
      {confirm.dialog}
    </Paper>
  );
}

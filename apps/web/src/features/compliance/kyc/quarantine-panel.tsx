import type { complianceApi } from '@backdesk/contract';
import { Button, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../../components/customer-link.tsx';
import { callEndpoint } from '../../../lib/api.ts';
import { errorText } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { runEndpoints } from '../fraud/runs/endpoints.ts';
import { RunPanel } from '../fraud/runs/run-panel.tsx';
import { isUnderWay, RUNS_KEY, useRun } from '../fraud/runs/runs-api.ts';
import { quarantineOptions, useStartRecheck } from './kyc-api.ts';

/** The newest recheck, on whichever node or tab it was started: its panel shows how far it got. */
function useLatestRecheck() {
  return useQuery({
    queryKey: [...RUNS_KEY, 'latest', 'document_recheck'],
    queryFn: ({ signal }) =>
      callEndpoint(runEndpoints.list, { query: { kind: 'document_recheck', limit: 1 }, signal }),
  });
}

function reasonText(t: (key: string) => string, row: complianceApi.QuarantinedDocument): string {
  const reason = t(`quarantine.codes.${row.code}`);
  return row.feature ? `${reason}: ${t(`errors:pdfFeatures.${row.feature}`)}` : reason;
}

/**
 * A super's view of stored files a later check refused: they stay for the audit, and neither the
 * viewer nor a decision opens them again. A recheck runs every stored file through today's checks.
 */
export function QuarantinePanel() {
  const { t, i18n } = useTranslation(['compliance', 'errors']);
  const list = useQuery(quarantineOptions());
  const latest = useLatestRecheck();
  const start = useStartRecheck();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [started, setStarted] = useState<number>();
  const runId = started ?? latest.data?.items[0]?.id;
  // The list grows as the run quarantines: read it again once the run has ended.
  const status = useRun(runId).data?.run.status;
  const { refetch } = list;
  useEffect(() => {
    if (status && !isUnderWay({ status })) void refetch();
  }, [status, refetch]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total.value ?? 0;
  const number = new Intl.NumberFormat(i18n.language);

  const recheck = () =>
    start.mutate(key, {
      onSuccess: ({ run_id }) => {
        setStarted(run_id);
        setKey(crypto.randomUUID());
        notify({ title: t('quarantine.started'), color: 'green' });
      },
      onError: (error) => notify({ title: errorText(error), color: 'red' }),
    });

  return (
    <Paper
      withBorder
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="quarantine-title"
      data-testid="quarantine"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="quarantine-title">
              {t('quarantine.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('quarantine.description')}
            </Text>
          </div>
          <Button variant="default" onClick={recheck} loading={start.isPending} data-testid="recheck">
            {t('quarantine.recheck')}
          </Button>
        </Group>
        {runId !== undefined && <RunPanel runId={runId} />}
        {list.error ? (
          <Text c="red.8">{errorText(list.error)}</Text>
        ) : list.isPending ? (
          <Loader size="sm" aria-label={t('quarantine.loading')} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('quarantine.empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="quarantine-count">
              {t('quarantine.count', { shown: number.format(rows.length), total: number.format(total) })}
            </Text>
            <ScrollArea type="auto">
              <Table striped aria-labelledby="quarantine-title" data-testid="quarantine-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('docs.columns.id')}</Table.Th>
                    <Table.Th>{t('docs.columns.customer')}</Table.Th>
                    <Table.Th>{t('quarantine.reason')}</Table.Th>
                    <Table.Th>{t('quarantine.at')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-document-id={row.id}>
                      <Table.Td>
                        #{row.id} · {row.file_name}
                      </Table.Td>
                      <Table.Td>
                        <CustomerLink id={row.customer_id}>{row.customer_name}</CustomerLink>
                      </Table.Td>
                      <Table.Td>{reasonText(t, row)}</Table.Td>
                      <Table.Td>{formatDateTime(i18n.language, row.quarantined_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </>
        )}
      </Stack>
    </Paper>
  );
}

import type { BackgroundExport, BackgroundExportStarted } from '@backdesk/contract';
import * as exportsRoutes from '@backdesk/contract/routes/exports';
import { Anchor, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { callEndpoint, fetchWithSession } from '../../lib/api.ts';
import { exportsRef } from '../../lib/contract.ts';
import { errorText } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';

const listExports = exportsRef(exportsRoutes.listExports);
const EXPORTS_KEY = ['background-exports'] as const;

export const downloadUrl = (id: number) => `/api/exports/download?id=${id}`;

/** Saves a fetched file under the name the server gave it. */
async function saveFile(response: Response): Promise<void> {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a finished background export, renewing the session first when it has to. */
export async function downloadExport(id: number): Promise<void> {
  const response = await fetchWithSession(downloadUrl(id));
  if (!response.ok) throw new Error(`Export ${id} answered ${response.status}`);
  await saveFile(response);
}

/**
 * Asks for an export (decision 0015): up to the server's threshold the file comes at once and is
 * saved; over it the server answers 202 and writes it in the background, shown by BackgroundExports.
 */
export async function startExport(url: string, client: QueryClient, t: TFunction): Promise<void> {
  try {
    const response = await fetchWithSession(url);
    if (response.status !== 202) return await saveFile(response);
    const started = (await response.json()) as BackgroundExportStarted;
    client.setQueryData<{ items: BackgroundExport[] }>(EXPORTS_KEY, (old) => ({
      items: [started.export, ...(old?.items ?? []).filter((e) => e.id !== started.export.id)],
    }));
    void client.invalidateQueries({ queryKey: EXPORTS_KEY });
    notify({
      title: t('list:background.started'),
      description: t('list:background.startedHint'),
      color: 'blue',
    });
  } catch (error) {
    notify({ title: t('list:background.failedToStart'), description: errorText(error), color: 'red' });
  }
}

const SHOWN: readonly BackgroundExport['status'][] = ['queued', 'running', 'ready', 'failed'];
const working = (e: BackgroundExport) => e.status === 'queued' || e.status === 'running';

/** The member's background exports of one list: live progress while written, then the download. */
export function BackgroundExports({ path }: { path: string }) {
  const { t, i18n } = useTranslation('list');
  const exports = useQuery({
    queryKey: EXPORTS_KEY,
    queryFn: ({ signal }) => callEndpoint(listExports, { signal }),
    // Polled only while a file is being written.
    refetchInterval: (query) => (query.state.data?.items.some(working) ? 2_000 : false),
  });
  const items = (exports.data?.items ?? []).filter((e) => e.route === path && SHOWN.includes(e.status));
  if (items.length === 0) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder p="sm" data-testid="background-exports">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('background.title')}
        </Text>
        {items.map((e) => {
          const name = `${e.file_name}.${e.format}`;
          const percent =
            e.status === 'ready' ? 100 : Math.min(99, (100 * e.rows_written) / Math.max(1, e.rows_total));
          return (
            <Stack key={e.id} gap={4} data-testid={`background-export-${e.id}`}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{name}</Text>
                {e.status === 'ready' ? (
                  <Anchor
                    href={downloadUrl(e.id)}
                    download
                    size="sm"
                    data-testid="background-export-download"
                  >
                    {t('background.download', { name })}
                  </Anchor>
                ) : (
                  <Text size="sm" c={e.status === 'failed' ? 'red' : 'dimmed'} aria-live="polite">
                    {e.status === 'failed'
                      ? t('background.failed')
                      : t('background.progress', {
                          written: number.format(e.rows_written),
                          total: number.format(e.rows_total),
                        })}
                  </Text>
                )}
              </Group>
              {e.status !== 'failed' && (
                <Progress.Root size="sm">
                  <Progress.Section
                    value={percent}
                    aria-label={t('background.progressLabel', { name })}
                    aria-valuetext={`${Math.round(percent)} %`}
                  />
                </Progress.Root>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { setP2pRefreshPaused, useP2pRefresh } from './p2p-refresh.ts';

/** Pause/resume of the 60 s background refresh, the time of the last refresh, and a refresh now. */
export function RefreshControls<T, K extends QueryKey>({
  options,
}: {
  /** The list's page query, whose refresh these controls show and trigger. */
  options: UseQueryOptions<T, Error, T, K>;
}) {
  // Watched here rather than by the page, so a refresh redraws these controls, not the page and its
  // rows. The list's own observer keeps the 60 s timer; a second one here would fetch twice.
  const query = useQuery({ ...options, refetchInterval: false });
  const { dataUpdatedAt: updatedAt, isFetching: fetching } = query;
  const onRefresh = () => void query.refetch();
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  const { paused } = useP2pRefresh();
  return (
    <Group gap="xs" data-testid="p2p-refresh" data-paused={paused}>
      <Text size="sm" c="dimmed" data-testid="last-refreshed">
        {updatedAt
          ? t('p2p.lastRefreshed', { time: formatTime(locale, new Date(updatedAt).toISOString()) })
          : ''}
      </Text>
      <Badge variant="light" color={paused ? 'gray' : 'green'}>
        {paused ? t('p2p.refreshPaused') : t('p2p.refreshEvery')}
      </Badge>
      <Button
        variant="default"
        size="xs"
        leftSection={paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
        onClick={() => setP2pRefreshPaused(!paused)}
        data-testid="toggle-refresh"
      >
        {paused ? t('p2p.resumeRefresh') : t('p2p.pauseRefresh')}
      </Button>
      <Tooltip label={t('p2p.refreshNow')}>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={onRefresh}
          loading={fetching}
          aria-label={t('p2p.refreshNow')}
        >
          <IconRefresh size={16} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

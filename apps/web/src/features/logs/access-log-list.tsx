import type { AccessLogRow } from '@backdesk/contract';
import { ACCESS_EVENTS, ACCESS_OUTCOMES } from '@backdesk/contract/access-log';
import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../components/list-page/index.ts';
import { LogFilters } from './log-filters.tsx';
import { accessLogSource, logsEndpoints } from './logs-api.ts';

function AccessLogFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('logs');
  return (
    <LogFilters filter={filter}>
      <SelectFilter
        {...filter('event')}
        label={t('filters.event')}
        width={210}
        searchable
        options={ACCESS_EVENTS.map((e) => ({ value: e, label: t(`events.${e}`) }))}
        testId="filter-event"
      />
      <SelectFilter
        {...filter('outcome')}
        label={t('filters.outcome')}
        width={130}
        options={ACCESS_OUTCOMES.map((o) => ({ value: o, label: t(`outcomes.${o}`) }))}
        testId="filter-outcome"
      />
      <TextFilter {...filter('ip')} label={t('filters.address')} width={170} testId="filter-ip" />
    </LogFilters>
  );
}

/**
 * The refused URL, a reason, a session: what else the event recorded, as one short line, each field
 * named in the member's language (a field this build does not know keeps its own name).
 */
const detailText = (detail: AccessLogRow['detail'], t: TFunction<'logs'>) =>
  detail
    ? Object.entries(detail)
        .map(([key, value]) => {
          const shown = typeof value === 'object' ? JSON.stringify(value) : String(value);
          return `${t(`detailKeys.${key}`, { defaultValue: key })}: ${shown}`;
        })
        .join(' · ')
    : '';

function useColumns(): DataTableColumn<AccessLogRow>[] {
  const { t } = useTranslation('logs');
  const kit = useColumnKit();
  return [
    kit.dateTime('at', t('columns.at'), { sortable: true }),
    { accessor: 'event', title: t('columns.event'), render: (r) => t(`events.${r.event}`) },
    {
      accessor: 'outcome',
      title: t('columns.outcome'),
      render: (r) => (
        <Badge variant="light" color={r.outcome === 'failure' ? 'red' : 'teal'} data-outcome={r.outcome}>
          {t(`outcomes.${r.outcome}`)}
        </Badge>
      ),
    },
    {
      accessor: 'user_name',
      title: t('columns.member'),
      render: (r) => r.member?.display_name ?? r.user_name ?? t('unknownMember'),
    },
    kit.code('ip', t('columns.address'), { width: 150 }),
    kit.code('user_agent', t('columns.userAgent'), { width: 220, size: 'xs' }),
    {
      accessor: 'detail',
      title: t('columns.detail'),
      render: (r) => {
        const text = detailText(r.detail, t);
        return (
          <Text size="xs" c="dimmed" truncate="end" maw={260} title={text}>
            {text}
          </Text>
        );
      },
    },
  ];
}

export const accessLogList = defineList({
  key: 'logs.access',
  source: accessLogSource,
  testId: 'access-log-list',
  rowKey: 'id',
  useColumns,
  Filters: AccessLogFilters,
  exportEndpoint: logsEndpoints.exportAccessLog,
  rowAttributes: (r) => ({ 'data-id': r.id, 'data-event': r.event }),
  hiddenByDefault: ['user_agent'],
});

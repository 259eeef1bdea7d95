import type { IntegrationCall } from '@backdesk/contract';
import { INTEGRATION_CALL_OUTCOMES } from '@backdesk/contract/integrations/vocabulary';
import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  DateFilter,
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { callLogSource, useIntegrations } from './integrations-api.ts';

const OUTCOME_COLORS = { ok: 'green', refused: 'orange', failed: 'red' } as const;

export function CallOutcomeBadge({ outcome }: { outcome: IntegrationCall['outcome'] }) {
  const { t } = useTranslation('settings');
  return (
    <Badge variant="light" color={OUTCOME_COLORS[outcome]} data-testid="call-outcome">
      {t(`integrations.calls.outcomes.${outcome}`)}
    </Badge>
  );
}

function CallFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('settings');
  const integrations = useIntegrations();
  return (
    <>
      <SelectFilter
        {...filter('integration')}
        label={t('integrations.calls.columns.integration')}
        options={(integrations.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
        width={200}
        testId="filter-integration"
      />
      <TextFilter
        {...filter('route')}
        label={t('integrations.calls.columns.route')}
        width={220}
        testId="filter-route"
      />
      <SelectFilter
        {...filter('outcome')}
        label={t('integrations.calls.columns.outcome')}
        options={INTEGRATION_CALL_OUTCOMES.map((o) => ({
          value: o,
          label: t(`integrations.calls.outcomes.${o}`),
        }))}
        width={150}
        testId="filter-outcome"
      />
      <DateFilter {...filter('from')} label={t('integrations.calls.from')} />
      <DateFilter {...filter('to')} label={t('integrations.calls.to')} />
    </>
  );
}

/** "1,000 · 998 applied · 2 refused" for a batch; a single call has no counts. */
function Items({ call }: { call: IntegrationCall }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  if (call.received === null) return <Text size="sm">—</Text>;
  return (
    <Text size="sm">
      {t('integrations.calls.items', {
        received: formatInteger(locale, call.received),
        applied: formatInteger(locale, call.applied ?? 0),
        refused: formatInteger(locale, call.refused ?? 0),
      })}
    </Text>
  );
}

function useCallColumns(): DataTableColumn<IntegrationCall>[] {
  const { t } = useTranslation('settings');
  const kit = useColumnKit();
  const { locale } = useLanguage();
  return [
    kit.dateTime('at', t('integrations.calls.columns.at'), { sortable: true }),
    {
      accessor: 'integration',
      title: t('integrations.calls.columns.integration'),
      width: 170,
      ellipsis: true,
      render: (r) => r.integration?.name ?? t('integrations.calls.unknownKey'),
    },
    kit.code('key_prefix', t('integrations.calls.columns.key'), { width: 130, size: 'xs' }),
    {
      accessor: 'route',
      title: t('integrations.calls.columns.route'),
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.method} {r.route}
        </Text>
      ),
    },
    { accessor: 'status', title: t('integrations.calls.columns.status'), textAlign: 'right' },
    { accessor: 'received', title: t('integrations.calls.columns.items'), render: (r) => <Items call={r} /> },
    kit.code('error_code', t('integrations.calls.columns.error'), { width: 190, size: 'xs' }),
    {
      accessor: 'duration_ms',
      title: t('integrations.calls.columns.duration'),
      textAlign: 'right',
      render: (r) => formatInteger(locale, Math.round(r.duration_ms)),
    },
    kit.code('address', t('integrations.calls.columns.address'), { width: 140, size: 'xs' }),
    kit.code('request_id', t('integrations.calls.columns.request'), { width: 110, size: 'xs' }),
    {
      accessor: 'outcome',
      title: t('integrations.calls.columns.outcome'),
      noWrap: true,
      render: (r) => <CallOutcomeBadge outcome={r.outcome} />,
    },
  ];
}

export const callLogList = defineList({
  key: 'settings.integration-calls',
  source: callLogSource,
  testId: 'integration-calls',
  rowKey: 'id',
  useColumns: useCallColumns,
  Filters: CallFilters,
  hiddenByDefault: ['address', 'request_id'],
  pinLastColumn: true,
});

import type { Report, ReportName, ReportQuery } from '@backdesk/contract';
import { TRAVEL_RULE_DIRECTIONS } from '@backdesk/contract/compliance/keys';
import { REPORT_FILTERS, REPORT_GROUPINGS, type ReportFilterKey } from '@backdesk/contract/reports/keys';
import { Button, Group, Input, SegmentedControl, Select, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/forms/date-fields.tsx';
import { useDisplayTimeZone, useSavePreferences } from '../../lib/member-settings.ts';
import { timeZoneChoices } from '../../lib/time-zones.ts';
import { RANGE_PRESETS, type RangePreset, type ReportSearch } from './report-search.ts';
import { useReportFilterOptions } from './reports-api.ts';

/** Range, grouping, zone, comparison and the report's own filters; every choice goes to the URL. */
export function ReportControls({
  name,
  search,
  query,
  report,
  onChange,
}: {
  name: ReportName;
  search: ReportSearch;
  query: ReportQuery;
  report: Report | undefined;
  onChange: (patch: Partial<ReportSearch>) => void;
}) {
  const { t } = useTranslation('reports');
  const options = useReportFilterOptions();
  const preset: RangePreset = search.preset ?? (search.from || search.to ? 'custom' : '30d');
  const filters = REPORT_FILTERS[name];
  const config = options.data;
  const choicesOf = (key: ReportFilterKey): string[] => {
    if (key === 'asset') return config?.assets ?? [];
    if (key === 'network')
      return [
        ...new Set(
          (config?.networks ?? [])
            .filter((n) => !query.asset || n.asset === query.asset)
            .map((n) => n.network),
        ),
      ];
    if (key === 'channel') return config?.channels ?? [];
    if (key === 'direction') return [...TRAVEL_RULE_DIRECTIONS];
    // Tiers: the ones the report counts.
    return report?.breakdowns.find((b) => b.key === 'tiers_now')?.rows.map((r) => r.keys[0]!) ?? [];
  };
  const zones = timeZoneChoices(query.tz);

  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap" data-report-controls>
      <Select
        label={t('controls.range')}
        w={170}
        data={RANGE_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
        value={preset}
        allowDeselect={false}
        onChange={(value) =>
          onChange(
            value === 'custom'
              ? { preset: 'custom', from: query.from, to: query.to }
              : { preset: (value ?? '30d') as RangePreset, from: undefined, to: undefined },
          )
        }
        data-testid="report-preset"
      />
      {preset === 'custom' && (
        <>
          <DateField
            label={t('controls.from')}
            w={150}
            clearable={false}
            value={query.from}
            onChange={(v) => v && onChange({ preset: 'custom', from: String(v).slice(0, 10), to: query.to })}
            data-testid="report-from"
          />
          <DateField
            label={t('controls.to')}
            w={150}
            clearable={false}
            value={query.to}
            onChange={(v) =>
              v && onChange({ preset: 'custom', from: query.from, to: String(v).slice(0, 10) })
            }
            data-testid="report-to"
          />
        </>
      )}
      {/* The inputs' own label (size, weight, spacing); a radio group is named by it, not labelled for. */}
      <Input.Wrapper label={t('controls.groupBy')} labelElement="div" id="report-group">
        <SegmentedControl
          fullWidth
          aria-labelledby="report-group-label"
          data={REPORT_GROUPINGS.map((g) => ({ value: g, label: t(`groupings.${g}`) }))}
          value={query.groupBy}
          onChange={(groupBy) => onChange({ groupBy })}
          data-testid="report-grouping"
        />
      </Input.Wrapper>
      <Select
        label={t('controls.timeZone')}
        w={210}
        searchable
        data={zones}
        value={query.tz}
        allowDeselect={false}
        onChange={(tz) => tz && onChange({ tz })}
        data-testid="report-tz"
      />
      <ZoneDefault tz={query.tz} />
      {filters.map((key) => (
        <Select
          key={key}
          label={t(`dimensions.${key === 'customerType' ? 'customer_type' : key}`)}
          placeholder={t('controls.all')}
          w={150}
          clearable
          data={choicesOf(key).map((v) => ({
            value: v,
            label: t(`values.${key === 'customerType' ? 'customer_type' : key}.${v}`, { defaultValue: v }),
          }))}
          value={search[key] ?? null}
          onChange={(value) => onChange({ [key]: value ?? undefined })}
          data-testid={`report-filter-${key}`}
        />
      ))}
      <Switch
        label={t('controls.compare')}
        checked={search.compare !== 'off'}
        onChange={(e) => onChange({ compare: e.currentTarget.checked ? undefined : 'off' })}
        mb={8}
        data-testid="report-compare"
      />
    </Group>
  );
}

/** Keeps the zone shown as the member's display zone (settings), so every report opens in it. */
function ZoneDefault({ tz }: { tz: string }) {
  const { t } = useTranslation('reports');
  const displayZone = useDisplayTimeZone();
  const save = useSavePreferences();
  if (displayZone === undefined || displayZone === tz) return null;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      mb={6}
      loading={save.isPending}
      onClick={() => save.mutate({ time_zone: tz })}
      data-testid="report-tz-default"
    >
      {t('controls.keepZone', { tz })}
    </Button>
  );
}

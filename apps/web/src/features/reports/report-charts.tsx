import '@mantine/charts/styles.css';
import type { Report } from '@backdesk/contract';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAxisTick } from '../../lib/format.ts';
import { stateChartColor } from '../../lib/state-colors.ts';
import { hourTicks } from './hour-ticks.ts';
import { type ReportMeta, SERIES_COLORS } from './report-meta.ts';
import { Decimal, drawn } from './report-view.ts';
import { SeriesLegend, themeColorVar } from './series-legend.tsx';
import { useReportFormat } from './use-report-format.ts';

/** Whether a figure of `key` stands between two gaps (or a gap and an end): a line draws nothing there. */
export function hasLonePoint<K extends string>(points: Record<K, number | null>[], key: K): boolean {
  return points.some(
    (p, i) => p[key] != null && points[i - 1]?.[key] == null && points[i + 1]?.[key] == null,
  );
}

function sumOf(values: Record<string, string | null> | null, keys: string[]): string | null {
  // A period with no figure at all (a share or median of nothing) is a gap in the line, not a 0.
  if (!values || keys.every((k) => values[k] == null)) return null;
  return keys.reduce((sum, k) => sum.plus(values[k] ?? 0), new Decimal(0)).toFixed();
}

/**
 * Memoised: while a new range loads, the page renders again with the previous report kept, and the
 * charts need not (decision 0028).
 */
export const ReportCharts = memo(function ReportCharts({
  report,
  meta,
  compare,
}: {
  report: Report;
  meta: ReportMeta;
  compare: boolean;
}) {
  const { t } = useTranslation('reports');
  const { cell, period, locale } = useReportFormat();
  // Axis ticks are short words; the tooltips keep the exact figures.
  const axis = { tickFormatter: (value: number) => formatAxisTick(locale, value) };

  const unitOf = (key: string) => report.measures.find((m) => m.key === key)?.unit ?? 'count';
  const label = (start: string) => period(start, report.range.groupBy);
  const fmt = (unit: ReturnType<typeof unitOf>) => (value: number) =>
    cell({ raw: String(value), kind: unit });

  const bars = report.periods.map((p) => ({
    period: label(p.start),
    ...Object.fromEntries(meta.bars.map((k) => [k, drawn(p.values[k])])),
  }));
  const trendKeys = meta.trend ? [meta.trend] : meta.bars;
  const trendUnit = unitOf(trendKeys[0]!);
  const trend = report.periods.map((p) => ({
    period: label(p.start),
    current: drawn(sumOf(p.values, trendKeys)),
    previous: compare ? drawn(sumOf(p.previous, trendKeys)) : null,
  }));
  const trendLabel = meta.trend ? t(`measures.${meta.trend}`) : t('chart.total');
  const barSeries = meta.bars.map((k, i) => ({
    name: k,
    label: t(`measures.${k}`),
    color: stateChartColor(k, i, SERIES_COLORS),
  }));
  const trendSeries = [
    { name: 'current', label: t('chart.current'), color: 'blue.6' },
    ...(compare
      ? [{ name: 'previous', label: t('chart.previous'), color: 'gray.6', strokeDasharray: '6 4' }]
      : []),
  ];
  // Durations in hours, on whole hours: an axis of seconds reads "260K", its round seconds "18,1 h".
  const hours = hourTicks(Math.max(0, ...trend.flatMap((p) => [p.current ?? 0, p.previous ?? 0])));
  const hoursAxis = {
    ticks: hours,
    domain: [0, hours.at(-1)!],
    tickFormatter: (value: number) => t('hours', { hours: formatAxisTick(locale, value / 3600) }),
  };

  const donutUnit =
    (meta.donut &&
      report.breakdowns
        .find((b) => b.key === meta.donut!.breakdown)
        ?.measures.find((m) => m.key === meta.donut!.measure)?.unit) ||
    'count';
  const donutSource = meta.donut && report.breakdowns.find((b) => b.key === meta.donut!.breakdown);
  const donut = (donutSource?.rows ?? [])
    .map((r, i) => ({
      // A slice of one state (a status breakdown) takes the state's colour, as its bar does.
      color: stateChartColor(r.keys.length === 1 ? r.keys[0]! : '', i, SERIES_COLORS),
      name: r.keys
        .map((k, j) =>
          t(`values.${donutSource!.dimensions[j]}.${k}`, { defaultValue: k || t('values.none') }),
        )
        .join(' · '),
      value: drawn(r.values[meta.donut!.measure]) ?? 0,
      raw: r.values[meta.donut!.measure] ?? null,
    }))
    .filter((d) => d.value > 0);

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md" mb="md" data-testid="report-charts">
      <Paper withBorder p="md" radius="md" style={{ gridColumn: 'span 2' }}>
        <Text fw={600} size="sm" mb="sm">
          {t('chart.byPeriod')}
        </Text>
        <SeriesLegend series={barSeries} />
        <BarChart
          h={230}
          data={bars}
          dataKey="period"
          type={meta.barType}
          valueFormatter={fmt(unitOf(meta.bars[0]!))}
          yAxisProps={axis}
          series={barSeries}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text fw={600} size="sm" mb="sm">
          {meta.donut ? t(`tables.${meta.donut.breakdown}`) : ''}
        </Text>
        {donut.length ? (
          <>
            <DonutChart
              data={donut.map(({ name, value, color }) => ({ name, value, color }))}
              withLabelsLine={false}
              tooltipDataSource="segment"
              valueFormatter={fmt(donutUnit)}
              size={170}
              thickness={26}
              mx="auto"
            />
            <Stack gap={4} mt="sm">
              {donut.map((d) => (
                <Group key={d.name} gap="xs" justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={themeColorVar(d.color)} size={10} />
                    <Text size="xs">{d.name}</Text>
                  </Group>
                  <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cell({ raw: d.raw, kind: donutUnit })}
                  </Text>
                </Group>
              ))}
            </Stack>
          </>
        ) : (
          <Text c="dimmed" size="sm">
            {t('empty')}
          </Text>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" style={{ gridColumn: '1 / -1' }}>
        <Text fw={600} size="sm" mb="sm">
          {compare ? t('chart.trendCompared', { measure: trendLabel }) : trendLabel}
        </Text>
        <SeriesLegend series={trendSeries} />
        <LineChart
          h={190}
          data={trend}
          dataKey="period"
          curveType="linear"
          connectNulls={false}
          // A dot on every period is ~15 ms of drawing a report; without them a lone figure between two
          // gaps would not show at all, so a line with one keeps its dots.
          withDots={hasLonePoint(trend, 'current') || hasLonePoint(trend, 'previous')}
          // Without dots Mantine drops the hovered point's dot too; it is one circle, kept.
          lineProps={(s) => ({
            activeDot: { r: 4, fill: themeColorVar(s.color ?? 'gray.6'), strokeWidth: 0 },
          })}
          valueFormatter={fmt(trendUnit)}
          yAxisProps={trendUnit === 'seconds' ? hoursAxis : axis}
          series={trendSeries}
        />
      </Paper>
    </SimpleGrid>
  );
});

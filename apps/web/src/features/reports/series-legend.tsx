import { ColorSwatch, Group, Text } from '@mantine/core';

export interface LegendSeries {
  name: string;
  label?: string;
  /** A theme colour as Mantine's charts take it: `blue.6`. */
  color: string;
}

/** The CSS variable of a theme colour named as the charts name it (`blue.6`). */
export const themeColorVar = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * A chart's legend, drawn as HTML above the chart instead of inside it. Recharts measures its own
 * legend after the chart's first draw and then draws the whole chart again to make room for it: on a
 * report that second pass was ~35 ms of the ~165 ms a sidebar click took (decision 0028).
 */
export function SeriesLegend({ series }: { series: LegendSeries[] }) {
  return (
    <Group gap="md" justify="flex-end" mb={4} wrap="wrap">
      {series.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          <ColorSwatch color={themeColorVar(s.color)} size={10} withShadow={false} />
          <Text size="xs">{s.label ?? s.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

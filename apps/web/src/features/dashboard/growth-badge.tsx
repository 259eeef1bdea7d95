import { Badge } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { formatGrowthPercent } from '../../lib/format.ts';

/** The customers' real growth (R28, replacing a fixed "+12%"); "—" when there is nothing to compare. */
export function GrowthBadge({
  percent,
  locale,
  emptyLabel,
}: {
  percent: string | null;
  locale: string;
  emptyLabel: string;
}) {
  if (percent === null) {
    return (
      <Badge variant="light" color="gray" size="sm" title={emptyLabel} data-testid="growth">
        —
      </Badge>
    );
  }
  const value = Number(percent);
  const Trend = value < 0 ? IconTrendingDown : IconTrendingUp;
  return (
    <Badge
      variant="light"
      color={value < 0 ? 'red' : value > 0 ? 'green' : 'gray'}
      size="sm"
      leftSection={<Trend size={12} stroke={2} />}
      data-testid="growth"
    >
      {formatGrowthPercent(locale, percent)}
    </Badge>
  );
}

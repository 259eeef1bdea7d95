import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './kpi-card.module.css';

export interface KpiCardProps {
  label: string;
  icon: Icon;
  /** Undefined while loading. */
  value: string | undefined;
  badge?: ReactNode;
  hint?: ReactNode;
  testId: string;
  /** The filtered list (or report) the figure comes from. */
  href?: string;
}

export function KpiCard({ label, icon: IconComponent, value, badge, hint, testId, href }: KpiCardProps) {
  const [to, query] = href?.split('?') ?? [];
  const link = to
    ? { component: Link, to, search: Object.fromEntries(new URLSearchParams(query ?? '')) }
    : {};
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      className={href ? `${classes.card} ${classes.link}` : classes.card}
      data-testid={`kpi-${testId}`}
      {...(link as object)}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text className={classes.label}>{label}</Text>
        <ThemeIcon variant="light" size={32} radius="md">
          <IconComponent size={18} stroke={1.7} />
        </ThemeIcon>
      </Group>
      <Group gap="xs" align="baseline" mt={6} wrap="nowrap">
        {value === undefined ? (
          <Skeleton height={30} width={110} radius="sm" />
        ) : (
          <Text className={classes.value} data-testid="kpi-value">
            {value}
          </Text>
        )}
        {value !== undefined && badge}
      </Group>
      {hint &&
        (value === undefined ? (
          <Skeleton height={12} width="70%" mt={10} radius="sm" />
        ) : (
          <Text size="xs" c="dimmed" mt={6}>
            {hint}
          </Text>
        ))}
    </Paper>
  );
}

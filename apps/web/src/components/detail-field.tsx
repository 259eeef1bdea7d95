import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled fact of a detail view (a drawer's grid): a dim label above its value, which may wrap anywhere. */
export function DetailField({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

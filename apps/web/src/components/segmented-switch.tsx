import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
  /** The full name (tooltip; the accessible name, which also holds a text label: WCAG 2.5.3). */
  name: string;
}

/**
 * A compact segmented switch built from Button.Group. Mantine's SegmentedControl would add its
 * floating-indicator code to the sign-in page, which has a hard size budget.
 */
export function SegmentedSwitch<V extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
  label: string;
  testId?: string;
}) {
  return (
    <fieldset
      aria-label={label}
      data-testid={testId}
      style={{ border: 0, margin: 0, padding: 0, minInlineSize: 0 }}
    >
      <Button.Group>
        {options.map((option) => {
          const active = option.value === value;
          return (
            <Button
              key={option.value}
              size="compact-sm"
              px={8}
              variant={active ? 'light' : 'default'}
              aria-pressed={active}
              aria-label={typeof option.label === 'string' ? `${option.label} ${option.name}` : option.name}
              title={option.name}
              onClick={() => onChange(option.value)}
              fw={active ? 700 : 500}
            >
              {option.label}
            </Button>
          );
        })}
      </Button.Group>
    </fieldset>
  );
}

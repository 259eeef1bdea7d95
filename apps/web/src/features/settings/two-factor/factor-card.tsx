import type { TwoFactorStatus } from '@backdesk/contract';
import { Card, Group, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../../lib/errors.ts';

/** What the page hands each factor's card: the status, a refresh after a change, fresh recovery codes. */
export interface FactorCardProps {
  status: TwoFactorStatus;
  onChanged: () => Promise<void>;
  onRecoveryCodes: (codes: string[]) => void;
}

/** One section of the two-factor page: a heading (with an optional badge beside it) and what it explains. */
export function FactorCard({
  testId,
  title,
  badge,
  description,
  descriptionGap = 'md',
  children,
}: {
  testId: string;
  title: string;
  badge?: ReactNode;
  description: string;
  /** The space under the description: less when a line of state follows it. */
  descriptionGap?: 'xs' | 'md';
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} fz="lg" mb={badge ? undefined : 'xs'}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      {badge ? (
        <Group justify="space-between" align="flex-start" mb="xs">
          {heading}
          {badge}
        </Group>
      ) : (
        heading
      )}
      <Text size="sm" c="dimmed" mb={descriptionGap}>
        {description}
      </Text>
      {children}
    </Card>
  );
}

/**
 * A card's server call: busy while it runs, and its failure kept as the text the card's field shows
 * (or handed to `onFailure` instead, for a call made outside a form).
 */
export function useFactorAction(describe: (failure: unknown) => string = errorText) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, onFailure?: (failure: unknown) => void) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      if (onFailure) onFailure(failure);
      else setError(describe(failure));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

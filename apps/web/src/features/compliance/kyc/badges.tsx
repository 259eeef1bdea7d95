import type { KycSlaState } from '@backdesk/contract/compliance/keys';
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A clipping label lets a table column squeeze the badge; its whole text sets its width. */
const FULL_LABEL = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

const STATUS_COLOR: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  resubmission_requested: 'orange',
};

/** A document's status, translated; the colour only repeats what the text says. */
export function DocumentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('compliance');
  return (
    <Badge
      variant="light"
      color={STATUS_COLOR[status] ?? 'gray'}
      tt="none"
      styles={FULL_LABEL}
      data-testid="document-status"
      data-status={status}
    >
      {t(`statuses.${status as 'pending'}`, { defaultValue: status })}
    </Badge>
  );
}

export type SlaState = KycSlaState;

const SLA_LOOK = {
  ok: { color: 'green', Icon: IconCircleCheck },
  due_soon: { color: 'orange', Icon: IconClockExclamation },
  breached: { color: 'red', Icon: IconAlertTriangle },
} as const;

/** The SLA state in colour, icon and words (never colour alone, WCAG 1.4.1). */
export function SlaBadge({ state }: { state: SlaState }) {
  const { t } = useTranslation('compliance');
  const { color, Icon } = SLA_LOOK[state];
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      styles={FULL_LABEL}
      leftSection={<Icon size={14} aria-hidden />}
      data-testid="sla-state"
      data-sla={state}
    >
      {t(`sla.${state}`)}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A clipping label lets a table column squeeze the badge; its whole text sets its width. */
const FULL_LABEL = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

const SEVERITY_COLOR: Record<string, string> = {
  low: 'gray',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};
const STATUS_COLOR: Record<string, string> = {
  open: 'blue',
  investigating: 'violet',
  escalated: 'orange',
  closed: 'gray',
};

/** An alert's severity, translated; the colour only repeats what the text says. */
export function SeverityBadge({ severity }: { severity: string }) {
  const { t } = useTranslation('fraud');
  return (
    <Badge
      variant="light"
      color={SEVERITY_COLOR[severity] ?? 'gray'}
      tt="none"
      styles={FULL_LABEL}
      data-severity={severity}
    >
      {t(`severity.${severity as 'low'}`, { defaultValue: severity })}
    </Badge>
  );
}

/** An alert's status, and its outcome once closed. */
export function AlertStatusBadge({ status, outcome }: { status: string; outcome?: string | null }) {
  const { t } = useTranslation('fraud');
  const label = t(`status.${status as 'open'}`, { defaultValue: status });
  return (
    <Badge
      variant="light"
      color={outcome === 'confirmed' ? 'red' : (STATUS_COLOR[status] ?? 'gray')}
      tt="none"
      styles={FULL_LABEL}
      data-testid="alert-status"
      data-status={status}
    >
      {outcome ? `${label} · ${t(`outcome.${outcome as 'confirmed'}`)}` : label}
    </Badge>
  );
}

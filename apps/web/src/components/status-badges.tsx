import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Known data values (statuses, KYC states) are shown in the member's language; a value the upstream
// system invented since is shown as stored. No upper-casing, which in Turkish would turn i into İ.

/** A clipping label lets a table column squeeze the badge to "inac…"; its whole text sets its width. */
const FULL_LABEL = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

const STATUS_COLOR: Record<string, string> = { active: 'green', inactive: 'gray', suspended: 'orange' };
const KYC_COLOR: Record<string, string> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
  resubmit: 'orange',
  kyc: 'gray',
};
const RESTRICTION_COLOR: Record<string, string> = {
  active: 'red',
  scheduled: 'blue',
  expired: 'gray',
  lifted: 'teal',
};

/** Words a customer's status, KYC status or role: translated when known, else as stored (roles are upstream data). */
export function useValueLabel() {
  const { t } = useTranslation('crm');
  return (kind: 'status' | 'kyc' | 'role', value: string | null): string =>
    value === null
      ? t('common.notSet')
      : t(`values.${kind}.${value.toLowerCase() as 'active'}`, { defaultValue: value });
}

export function StatusBadge({ status }: { status: string | null }) {
  const label = useValueLabel();
  return (
    <Badge variant="light" color={STATUS_COLOR[status ?? ''] ?? 'gray'} tt="none" styles={FULL_LABEL}>
      {label('status', status)}
    </Badge>
  );
}

export function KycBadge({ status }: { status: string }) {
  const label = useValueLabel();
  return (
    <Badge variant="light" color={KYC_COLOR[status.toLowerCase()] ?? 'gray'} tt="none" styles={FULL_LABEL}>
      {label('kyc', status)}
    </Badge>
  );
}

export function RestrictionStateBadge({ state }: { state: string }) {
  const { t } = useTranslation('crm');
  return (
    <Badge
      variant="light"
      color={RESTRICTION_COLOR[state] ?? 'gray'}
      tt="none"
      styles={FULL_LABEL}
      data-testid="restriction-state"
    >
      {t(`restrictions.states.${state as 'active'}`)}
    </Badge>
  );
}

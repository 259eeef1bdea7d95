import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Data values (statuses, KYC states) are shown as stored: no upper-casing, which in Turkish would
// also turn i into İ.

/** A clipping label lets a table column squeeze the badge to "inac…"; its whole text sets its width. */
const FULL_LABEL = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

const STATUS_COLOR: Record<string, string> = { active: 'green', inactive: 'gray', suspended: 'orange' };
const KYC_COLOR: Record<string, string> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
  kyc: 'gray',
};
const RESTRICTION_COLOR: Record<string, string> = {
  active: 'red',
  scheduled: 'blue',
  expired: 'gray',
  lifted: 'teal',
};

export function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation('crm');
  return (
    <Badge variant="light" color={STATUS_COLOR[status ?? ''] ?? 'gray'} tt="none" styles={FULL_LABEL}>
      {status ?? t('common.none')}
    </Badge>
  );
}

export function KycBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={KYC_COLOR[status.toLowerCase()] ?? 'gray'} tt="none" styles={FULL_LABEL}>
      {status}
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
      data-testid="restriction-state"
    >
      {t(`restrictions.states.${state as 'active'}`)}
    </Badge>
  );
}

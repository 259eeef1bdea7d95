import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Data values (statuses, KYC states) are shown as stored: no upper-casing, which in Turkish would
// also turn i into İ.

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
    <Badge
      variant="light"
      color={STATUS_COLOR[status ?? ''] ?? 'gray'}
      tt="none"
      style={{ overflow: 'visible' }}
    >
      {status ?? t('common.none')}
    </Badge>
  );
}

export function KycBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="light"
      color={KYC_COLOR[status.toLowerCase()] ?? 'gray'}
      tt="none"
      style={{ overflow: 'visible' }}
    >
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

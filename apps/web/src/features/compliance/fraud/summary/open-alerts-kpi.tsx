import { IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KpiCard } from '../../../../components/kpi-card.tsx';

/** The dashboard's open-fraud-alerts figure (open, investigating or escalated), linking to the alerts. */
export function OpenAlertsKpi({ value }: { value: string | undefined }) {
  const { t } = useTranslation('fraud');
  return (
    <KpiCard
      testId="open-fraud-alerts"
      href="/compliance/fraud-check"
      label={t('dashboard.openAlerts')}
      icon={IconShieldExclamation}
      value={value}
      hint={t('dashboard.openAlertsHint')}
    />
  );
}

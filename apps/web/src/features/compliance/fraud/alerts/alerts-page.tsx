import { useTranslation } from 'react-i18next';
import { PendingBulkApprovals } from '../../../../components/bulk/index.ts';
import { ListPage, useListSearch } from '../../../../components/list-page/index.ts';
import { FraudSection } from '../shared/fraud-section.tsx';
import { AlertDrawer } from './alert-drawer.tsx';
import { FRAUD_KEY } from './alerts-api.ts';
import { alertsList } from './alerts-list.tsx';
import { BulkBar } from './bulk-bar.tsx';

/** Fraud check's alerts: the list, a bulk action over its filters, and one alert in a drawer (`alert=`). */
export function AlertsPage() {
  const { t } = useTranslation('fraudAlerts');
  const { search, set } = useListSearch();
  const alertId = Number(search.alert) || undefined;
  return (
    <FraudSection>
      <PendingBulkApprovals
        kind="fraud_alerts_bulk"
        actionLabel={(a) => t(`bulk.actions.${a}`)}
        invalidate={[[...FRAUD_KEY]]}
      />
      <BulkBar />
      <ListPage
        list={alertsList}
        emptyText={t('empty')}
        onRowOpen={(row) => set({ alert: String(row.id) })}
      />
      <AlertDrawer alertId={alertId} onClose={() => set({ alert: undefined })} />
    </FraudSection>
  );
}

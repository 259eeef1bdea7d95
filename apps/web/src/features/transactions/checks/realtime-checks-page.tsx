import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { realtimeChecksList } from './realtime-checks-list.tsx';

/** Every real-time check the exchange asked, newest first (decision 0025). */
export function RealtimeChecksPage() {
  const { t } = useTranslation(['transactions', 'common']);
  return (
    <>
      <PageHeader title={t('common:pages.realtimeChecks')} description={t('checks.subtitle')} />
      <ListPage list={realtimeChecksList} emptyText={t('checks.empty')} />
    </>
  );
}

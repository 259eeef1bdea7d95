import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { complianceEndpoints } from './endpoints.ts';
import { kycDocumentsList } from './kyc-documents-list.tsx';
import { QuarantinePanel } from './quarantine-panel.tsx';
import { ReviewDrawer } from './review/review-drawer.tsx';

/** Every document; a row opens the review on it, its id in the URL so a link to it works. A super also sees the quarantine. */
export function KycDocumentsPage() {
  const { t } = useTranslation(['compliance', 'common']);
  const { search, set } = useListSearch();
  const documentId = Number(search.doc) || undefined;
  const can = useCan();
  return (
    <>
      <PageHeader title={t('common:pages.kycDocs')} description={t('docs.subtitle')} />
      <ListPage
        list={kycDocumentsList}
        emptyText={t('docs.empty')}
        onRowOpen={(row) => set({ doc: String(row.id) })}
      />
      {can(complianceEndpoints.quarantine) && <QuarantinePanel />}
      <ReviewDrawer target={documentId ? { documentId } : null} onClose={() => set({ doc: undefined })} />
    </>
  );
}

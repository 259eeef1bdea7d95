import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { complianceEndpoints } from './endpoints.ts';
import { kycDocumentsList } from './kyc-documents-list.tsx';
import { useNextCase } from './next-case.ts';
import { QuarantinePanel } from './quarantine-panel.tsx';
import { ReviewDrawer } from './review/review-drawer.tsx';

/** Every document; a row opens the review on it, its id in the URL so a link to it works. A super also sees the quarantine. */
export function KycDocumentsPage() {
  const { t } = useTranslation(['compliance', 'common']);
  const { search, set } = useListSearch();
  const documentId = Number(search.doc) || undefined;
  const can = useCan();
  const navigate = useNavigate();
  // The next case is worked in the queue, where the case (not one document) is in the URL.
  const nextCase = useNextCase((c) =>
    navigate({
      to: '/compliance/kyc-manage',
      search: { sort: 'waiting_since', dir: 'asc', case: String(c.customer_id) },
    }),
  );
  return (
    <>
      <PageHeader title={t('common:pages.kycDocs')} description={t('docs.subtitle')} />
      <ListPage
        list={kycDocumentsList}
        emptyText={t('docs.empty')}
        onRowOpen={(row) => set({ doc: String(row.id) })}
      />
      {can(complianceEndpoints.quarantine) && <QuarantinePanel />}
      <ReviewDrawer
        target={documentId ? { documentId } : null}
        onClose={() => set({ doc: undefined })}
        nextCase={nextCase}
      />
    </>
  );
}

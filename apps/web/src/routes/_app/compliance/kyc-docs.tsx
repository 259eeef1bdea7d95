import {
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_SORT_KEYS,
  KYC_DOCUMENT_STATUSES,
} from '@backdesk/contract/compliance/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { KycDocumentsPage } from '../../../features/compliance/kyc/kyc-documents-page.tsx';

export const Route = createFileRoute('/_app/compliance/kyc-docs')({
  ...listRoute(
    listSearch({
      sortKeys: KYC_DOCUMENT_SORT_KEYS,
      sort: 'uploaded_at',
      dir: 'desc',
      filters: {
        kind: KYC_DOCUMENT_KINDS,
        status: KYC_DOCUMENT_STATUSES,
        customer: 'text',
        uploaded_from: 'text',
        uploaded_to: 'text',
        decided_from: 'text',
        decided_to: 'text',
        reviewer: 'text',
        // The document open in the review; the list leaves it out of its query (documentsSource's `local`).
        doc: 'text',
      },
    }),
    'compliance.documents',
  ),
  component: KycDocumentsPage,
});

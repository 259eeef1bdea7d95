import type { KycDocumentRow } from '@backdesk/contract';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_STATUSES } from '@backdesk/contract/compliance/keys';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerColumn } from '../../../components/customer-link.tsx';
import {
  DateFilter,
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { fileSize } from '../../../lib/compliance-format.ts';
import { formatDay } from '../../../lib/locale-format.ts';
import { DocumentStatusBadge } from './badges.tsx';
import { complianceEndpoints } from './endpoints.ts';
import { documentsSource, useKycReviewers } from './kyc-api.ts';

function useDocumentColumns(): DataTableColumn<KycDocumentRow>[] {
  const { t } = useTranslation('compliance');
  const kit = useColumnKit();
  return [
    { accessor: 'id', title: t('docs.columns.id'), noWrap: true, render: (d) => `#${d.id}` },
    customerColumn<KycDocumentRow>(t('docs.columns.customer'), (d) => d.customer_id, false, 160),
    { accessor: 'kind', title: t('docs.columns.kind'), noWrap: true, render: (d) => t(`kinds.${d.kind}`) },
    {
      accessor: 'status',
      title: t('docs.columns.status'),
      noWrap: true,
      render: (d) => <DocumentStatusBadge status={d.status} />,
    },
    kit.dateTime('uploaded_at', t('docs.columns.uploaded'), { sortable: true }),
    {
      accessor: 'channel',
      title: t('docs.columns.uploadedBy'),
      noWrap: true,
      render: (d) => d.uploaded_by?.display_name ?? t(`channels.${d.channel}`),
    },
    kit.dateTime('decided_at', t('docs.columns.decided'), { sortable: true }),
    {
      accessor: 'reviewer',
      title: t('docs.columns.reviewer'),
      render: (d) => d.reviewer?.display_name ?? '—',
    },
    {
      accessor: 'reason_code',
      title: t('docs.columns.reason'),
      render: (d) =>
        d.reason_code ? (
          <Text size="sm" lineClamp={1} maw={200} title={d.reason_text ?? undefined}>
            {t(`reasons.${d.reason_code}`)}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'expires_on',
      title: t('docs.columns.expires'),
      noWrap: true,
      render: (d) => formatDay(kit.locale, d.expires_on),
    },
    {
      accessor: 'file_name',
      title: t('docs.columns.file'),
      render: (d) => (
        <Text size="sm" truncate="end" maw={180} title={d.file_name}>
          {d.file_name}
        </Text>
      ),
    },
    {
      accessor: 'size_bytes',
      title: t('docs.columns.size'),
      textAlign: 'right',
      noWrap: true,
      render: (d) => fileSize(kit.locale, d.size_bytes),
    },
  ];
}

function DocumentFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('compliance');
  const reviewers = useKycReviewers();
  return (
    <>
      <SelectFilter
        {...filter('kind')}
        label={t('docs.columns.kind')}
        options={KYC_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        width={200}
        testId="filter-kind"
      />
      <SelectFilter
        {...filter('status')}
        label={t('docs.columns.status')}
        options={KYC_DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        width={200}
        testId="filter-status"
      />
      <TextFilter
        {...filter('customer')}
        label={t('docs.filters.customer')}
        placeholder={t('docs.filters.customerPlaceholder')}
        width={200}
        testId="filter-customer"
      />
      <SelectFilter
        {...filter('reviewer')}
        label={t('docs.filters.reviewer')}
        options={(reviewers.data?.items ?? []).map((m) => ({ value: String(m.id), label: m.display_name }))}
        width={170}
        searchable
        testId="filter-reviewer"
      />
      <DateFilter
        {...filter('uploaded_from')}
        label={t('docs.filters.uploadedFrom')}
        testId="filter-uploaded-from"
      />
      <DateFilter
        {...filter('uploaded_to')}
        label={t('docs.filters.uploadedTo')}
        testId="filter-uploaded-to"
      />
      <DateFilter
        {...filter('decided_from')}
        label={t('docs.filters.decidedFrom')}
        testId="filter-decided-from"
      />
      <DateFilter {...filter('decided_to')} label={t('docs.filters.decidedTo')} testId="filter-decided-to" />
    </>
  );
}

export const kycDocumentsList = defineList({
  key: 'compliance.documents',
  source: documentsSource,
  testId: 'kyc-documents-list',
  rowKey: 'id',
  useColumns: useDocumentColumns,
  // What a 1280 px screen fits; the rest are in the column chooser.
  hiddenByDefault: ['file_name', 'size_bytes', 'expires_on', 'channel', 'decided_at', 'reason_code'],
  Filters: DocumentFilters,
  exportEndpoint: complianceEndpoints.exportDocuments,
  rowAttributes: (d) => ({ 'data-document-id': d.id, 'data-status': d.status }),
  namespaces: ['compliance', 'crm', 'audit'],
});

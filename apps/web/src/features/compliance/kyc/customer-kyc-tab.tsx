import type { KycDecisionEntry, KycDocumentRow } from '@backdesk/contract';
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KycBadge } from '../../../components/status-badges.tsx';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { DocumentStatusBadge } from './badges.tsx';
import { complianceEndpoints } from './endpoints.ts';
import { useCustomerKyc } from './kyc-api.ts';
import { ReviewDrawer } from './review/review-drawer.tsx';
import { UploadDocumentModal } from './upload-document-modal.tsx';

/** The customer page's KYC tab: level, documents (each opens the review), decisions, and an upload. */
export function CustomerKycTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const can = useCan();
  const kyc = useCustomerKyc(customerId);
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const dt = (iso: string | null) => formatDateTime(locale, iso);

  const documentColumns: DataTableColumn<KycDocumentRow>[] = [
    { accessor: 'kind', title: t('docs.columns.kind'), render: (d) => t(`kinds.${d.kind}`) },
    {
      accessor: 'status',
      title: t('docs.columns.status'),
      render: (d) => <DocumentStatusBadge status={d.status} />,
    },
    {
      accessor: 'uploaded_at',
      title: t('docs.columns.uploaded'),
      noWrap: true,
      render: (d) => dt(d.uploaded_at),
    },
    {
      accessor: 'channel',
      title: t('docs.columns.uploadedBy'),
      render: (d) => d.uploaded_by?.display_name ?? t(`channels.${d.channel}`),
    },
    {
      accessor: 'decided_at',
      title: t('docs.columns.decided'),
      noWrap: true,
      render: (d) => dt(d.decided_at),
    },
    {
      accessor: 'reason_code',
      title: t('docs.columns.reason'),
      render: (d) => (d.reason_code ? t(`reasons.${d.reason_code}`) : '—'),
    },
    {
      accessor: 'open',
      title: t('actions', { ns: 'list' }),
      textAlign: 'right',
      render: (d) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setViewing(d.id)}
          aria-label={`${t('customerTab.open')} · ${t(`kinds.${d.kind}`)} #${d.id}`}
          data-testid="view-document"
        >
          {t('customerTab.open')}
        </Button>
      ),
    },
  ];

  if (kyc.isError) return <Alert color="red">{errorText(kyc.error)}</Alert>;
  if (!kyc.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('viewer.loading')} />
      </Center>
    );
  const { customer, documents, decisions } = kyc.data;
  return (
    <Stack data-testid="customer-kyc">
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between">
          <div>
            <Group gap="xs">
              <Title order={2} fz="md" data-testid="customer-kyc-level">
                {t('customerTab.levelNow', { level: customer.kyc_level })}
              </Title>
              <KycBadge status={customer.kyc_status} />
            </Group>
            <Text size="sm" c="dimmed">
              {t(`level.unlocks.${customer.kyc_level as 0}`)}
            </Text>
          </div>
          {can(complianceEndpoints.upload) && (
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={() => setUploading(true)}
              data-testid="upload-document"
            >
              {t('customerTab.upload')}
            </Button>
          )}
        </Group>
      </Card>

      <Title order={2} fz="md">
        {t('customerTab.documents')}
      </Title>
      {documents.length ? (
        <DataTable
          withTableBorder
          borderRadius="md"
          records={documents}
          columns={documentColumns}
          idAccessor="id"
          customRowAttributes={(d) => ({ 'data-document-id': d.id, 'data-status': d.status })}
          data-testid="customer-documents"
        />
      ) : (
        <Text c="dimmed" size="sm">
          {t('customerTab.noDocuments')}
        </Text>
      )}

      <Title order={2} fz="md">
        {t('customerTab.decisions')}
      </Title>
      {decisions.length ? (
        <Stack gap={4} data-testid="customer-decisions">
          {decisions.map((d) => (
            <DecisionLine key={`${d.scope}:${d.id}`} entry={d} />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          {t('customerTab.noDecisions')}
        </Text>
      )}

      {uploading && (
        <UploadDocumentModal
          customerId={customerId}
          business={customer.kyc_type_label === 'Business'}
          onClose={() => setUploading(false)}
        />
      )}
      <ReviewDrawer target={viewing ? { documentId: viewing } : null} onClose={() => setViewing(null)} />
    </Stack>
  );
}

function DecisionLine({ entry: d }: { entry: KycDecisionEntry }) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const what =
    d.scope === 'level'
      ? t('customerTab.levelNow', { level: d.level ?? 0 })
      : `${d.document_kind ? t(`kinds.${d.document_kind}`) : ''} · ${t(`statuses.${d.decision as 'approved'}`, { defaultValue: d.decision })}`;
  return (
    <Text size="sm">
      {t('customerTab.decisionBy', {
        decision: what,
        member: d.member?.display_name ?? '—',
        date: formatDateTime(locale, d.at),
      })}
      {d.reason_code ? ` · ${t(`reasons.${d.reason_code as 'other'}`, { defaultValue: d.reason_code })}` : ''}
      {d.reason_text ? ` — ${d.reason_text}` : ''}
      {d.comment ? ` · ${d.comment}` : ''}
    </Text>
  );
}

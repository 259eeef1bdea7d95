import {
  isBusinessKind,
  KYC_DOCUMENT_KINDS,
  type KycDocumentKind,
  kindHasExpiry,
} from '@backdesk/contract/compliance/keys';
import { Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, ModalForm } from '../../../components/forms/index.ts';
import { fileSize } from '../../../lib/compliance-format.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { FileDrop } from './file-drop.tsx';
import { useUploadDocument } from './kyc-api.ts';
import { type PrecheckIssue, precheckFile } from './upload-precheck.ts';

/** The server's default limit (KYC_MAX_UPLOAD_BYTES); the server checks its own configured one. */
export const UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024;

/**
 * Upload on the customer's behalf: the file (chosen or dropped), its kind and, for kinds with one,
 * the expiry printed on it. One Idempotency-Key per opened form: a retried submit uploads once.
 */
export function UploadDocumentModal({
  customerId,
  business,
  onClose,
}: {
  customerId: number;
  business: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const upload = useUploadDocument();
  const [key] = useState(() => crypto.randomUUID());
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [kind, setKind] = useState<KycDocumentKind | null>(null);
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [kindError, setKindError] = useState<string | null>(null);
  const kinds = KYC_DOCUMENT_KINDS.filter((k) => business || !isBusinessKind(k));

  const issueText = (issue: PrecheckIssue) =>
    issue.code === 'tooLarge'
      ? t('customerTab.tooLarge', {
          size: fileSize(locale, issue.size),
          limit: fileSize(locale, issue.limit),
        })
      : t(`customerTab.${issue.code}`);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (chosen) {
      const issue = await precheckFile(chosen, UPLOAD_LIMIT_BYTES);
      if (issue) setFileError(issueText(issue));
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missingFile = !file ? t('customerTab.chooseFirst') : null;
    setFileError((current) => current ?? missingFile);
    setKindError(kind ? null : t('customerTab.chooseKind'));
    if (!file || !kind || fileError) return;
    try {
      const result = await upload.mutateAsync({
        key,
        file,
        query: {
          customer_id: customerId,
          kind,
          ...(kindHasExpiry(kind) && expiresOn ? { expires_on: String(expiresOn).slice(0, 10) } : {}),
        },
      });
      notify({ title: t('customerTab.uploaded'), description: `#${result.document.id}`, color: 'green' });
      onClose();
    } catch {
      // Shown above the form, in the member's language (upload.error).
    }
  };

  return (
    <ModalForm
      onClose={onClose}
      title={t('customerTab.uploadTitle')}
      centered
      size="lg"
      onSubmit={onSubmit}
      failure={upload.isError ? errorText(upload.error) : null}
      testId="upload-form"
      failureTestId="upload-failure"
      actions={{
        submitLabel: t('customerTab.submit'),
        submitting: upload.isPending,
        submitTestId: 'upload-submit',
      }}
    >
      <FileDrop file={file} onFile={(f) => void choose(f)} error={fileError} maxBytes={UPLOAD_LIMIT_BYTES} />
      <SimpleGrid cols={2}>
        <Select
          label={t('customerTab.kind')}
          name="kind"
          required
          data={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={kind}
          onChange={(value) => {
            setKind(value as KycDocumentKind | null);
            setKindError(null);
          }}
          error={kindError}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="upload-kind"
        />
        {kind && kindHasExpiry(kind) && (
          <DateField
            label={t('customerTab.expiresOn')}
            name="expires_on"
            clearable
            value={expiresOn}
            onChange={(value) => setExpiresOn(value ? String(value) : null)}
          />
        )}
      </SimpleGrid>
    </ModalForm>
  );
}

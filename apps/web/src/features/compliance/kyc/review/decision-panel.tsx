import type { KycDocumentRow } from '@backdesk/contract';
import { KYC_REASON_CODES, type KycRejection, kindHasExpiry } from '@backdesk/contract/compliance/keys';
import { Alert, Button, Card, Group, Kbd, Radio, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, FormFailure, useContractForm } from '../../../../components/forms/index.ts';
import { errorCode } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime, formatDay } from '../../../../lib/locale-format.ts';
import { notify } from '../../../../lib/notify.ts';
import { DocumentStatusBadge } from '../badges.tsx';
import { useDecideDocument } from '../kyc-api.ts';
import { useReviewKeys } from '../viewer/review-keys.ts';

const blank = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * Approve or reject one pending document, at the version on screen. Mounted per document version
 * (the parent keys it), so a decision's Idempotency-Key covers exactly one decision.
 */
export function DecisionPanel({
  document: doc,
  keysEnabled,
  onStale,
  onDecided,
}: {
  document: KycDocumentRow;
  keysEnabled: boolean;
  onStale: () => void;
  onDecided?: (() => void) | undefined;
}) {
  const { t } = useTranslation('compliance');
  const decide = useDecideDocument();
  const [key] = useState(() => crypto.randomUUID());
  const [rejecting, setRejecting] = useState(false);
  const mode = useRef<'approve' | 'reject'>('approve');
  const reasonRef = useRef<HTMLInputElement>(null);
  const withExpiry = kindHasExpiry(doc.kind);

  const { form, failure, submit } = useContractForm({
    initialValues: {
      reason_code: null as string | null,
      reason_text: '',
      rejection: 'resubmission' as KycRejection,
      comment: '',
      expires_on: (doc.expires_on ?? null) as string | null,
    },
    schema: (c) => c.complianceApi.DecideKycDocumentBodySchema,
    toInput: (v) => ({
      id: doc.id,
      version: doc.version,
      decision: mode.current,
      comment: blank(v.comment),
      ...(mode.current === 'reject'
        ? {
            reason_code: v.reason_code ?? undefined,
            reason_text: blank(v.reason_text),
            rejection: v.rejection,
          }
        : { expires_on: withExpiry && v.expires_on ? String(v.expires_on).slice(0, 10) : undefined }),
    }),
    // The contract's own rules (a reason with a rejection…) read as "required" under their field.
    formats: { reason_code: 'required', rejection: 'required', reason_text: 'required' },
  });

  const onSubmit = submit(async (body) => {
    try {
      const { document: decided } = await decide.mutateAsync({ body, key });
      const done =
        decided.status === 'approved'
          ? t('decision.approved')
          : decided.status === 'rejected'
            ? t('decision.rejectedFinal')
            : t('decision.resubmissionRequested');
      notify({ title: done, color: decided.status === 'approved' ? 'green' : 'yellow' });
      onDecided?.();
    } catch (error) {
      // Someone decided it first: the panel shows the latest state (the lists were refreshed).
      if (errorCode(error) === 'STALE_EDIT') onStale();
      throw error;
    }
  });

  const approve = () => {
    mode.current = 'approve';
    onSubmit();
  };
  const startReject = () => {
    mode.current = 'reject';
    setRejecting(true);
    // After the fields render: the officer types the reason next.
    requestAnimationFrame(() => reasonRef.current?.focus());
  };

  // Under the reason when rejecting, above the buttons when approving: the same field either way.
  const commentField = (
    <Textarea
      label={t('decision.comment')}
      description={t('decision.commentHint')}
      name="comment"
      autosize
      minRows={1}
      maxLength={2000}
      {...form.getInputProps('comment')}
    />
  );

  // While the reason is asked for, a and r are not the decision's.
  useReviewKeys(
    rejecting
      ? {}
      : {
          approve: () => {
            if (!form.submitting) approve();
          },
          reject: startReject,
        },
    keysEnabled,
  );

  return (
    <form
      onSubmit={(e) => {
        mode.current = 'reject';
        onSubmit(e);
      }}
      noValidate
      data-testid="decision-form"
    >
      <Stack gap="sm">
        <FormFailure failure={failure} testId="decision-failure" />
        {!rejecting && withExpiry && (
          <DateField
            label={t('docs.columns.expires')}
            name="expires_on"
            clearable
            {...form.getInputProps('expires_on')}
          />
        )}
        {rejecting ? (
          <>
            <Select
              ref={reasonRef}
              label={t('decision.reason')}
              name="reason_code"
              required
              data={KYC_REASON_CODES.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
              comboboxProps={{ withinPortal: true }}
              data-testid="reject-reason"
              {...form.getInputProps('reason_code')}
            />
            <Textarea
              label={t('decision.reasonText')}
              name="reason_text"
              required={form.values.reason_code === 'other'}
              autosize
              minRows={2}
              maxLength={500}
              data-testid="reject-reason-text"
              {...form.getInputProps('reason_text')}
            />
            <Radio.Group
              label={t('decision.outcome')}
              name="rejection"
              required
              {...form.getInputProps('rejection')}
            >
              <Stack gap="xs" mt={4}>
                <Radio
                  value="resubmission"
                  label={t('decision.resubmit')}
                  description={t('decision.resubmitHint')}
                  data-testid="rejection-resubmission"
                />
                <Radio
                  value="final"
                  label={t('decision.final')}
                  description={t('decision.finalHint')}
                  data-testid="rejection-final"
                />
              </Stack>
            </Radio.Group>
            {commentField}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                {t('decision.cancel')}
              </Button>
              <Button type="submit" color="red" loading={form.submitting} data-testid="submit-reject">
                {t('decision.submitReject')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {commentField}
            <Group grow>
              <Button
                color="green"
                leftSection={<IconCheck size={16} />}
                rightSection={<Kbd size="xs">a</Kbd>}
                loading={form.submitting}
                onClick={approve}
                data-testid="approve-document"
              >
                {t('decision.approve')}
              </Button>
              <Button
                color="red"
                variant="outline"
                leftSection={<IconX size={16} />}
                rightSection={<Kbd size="xs">r</Kbd>}
                onClick={startReject}
                data-testid="reject-document"
              >
                {t('decision.reject')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

/** A decided document: who decided what, when and why. */
export function DecisionSummary({ document: doc }: { document: KycDocumentRow }) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  return (
    <Stack gap={6} data-testid="decision-summary">
      <Group gap="xs">
        <DocumentStatusBadge status={doc.status} />
        <Text size="sm">
          {doc.reviewer?.display_name ?? '—'} · {formatDateTime(locale, doc.decided_at)}
        </Text>
      </Group>
      {doc.reason_code && (
        <Text size="sm">
          <Text span fw={600}>
            {t('decision.reason')}:
          </Text>{' '}
          {t(`reasons.${doc.reason_code}`)}
          {doc.reason_text ? ` — ${doc.reason_text}` : ''}
        </Text>
      )}
      {doc.expires_on && (
        <Text size="sm">
          {t('docs.columns.expires')}: {formatDay(locale, doc.expires_on)}
        </Text>
      )}
      {doc.comment && (
        <Text size="sm" c="dimmed">
          {t('decision.comment')}: {doc.comment}
        </Text>
      )}
      {doc.status === 'rejected' && (
        <Text size="xs" c="dimmed">
          {t('decision.finalHint')}
        </Text>
      )}
    </Stack>
  );
}

/** The decision card of the document on screen. */
export function DecisionCard({
  document: doc,
  canDecide,
  keysEnabled,
  onDecided,
}: {
  document: KycDocumentRow;
  canDecide: boolean;
  keysEnabled: boolean;
  onDecided?: (() => void) | undefined;
}) {
  const { t } = useTranslation('compliance');
  // Held here, not in the form: the refreshed document remounts the form at its new version.
  const [staleFor, setStaleFor] = useState<number | null>(null);
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={3} fz="sm" mb="xs">
        {t('decision.title')}
      </Title>
      {staleFor === doc.id && (
        <Alert color="orange" mb="sm" data-testid="stale-hint">
          {t('decision.staleHint')}
        </Alert>
      )}
      {doc.status === 'pending' && canDecide ? (
        <DecisionPanel
          key={`${doc.id}:${doc.version}`}
          document={doc}
          keysEnabled={keysEnabled}
          onStale={() => setStaleFor(doc.id)}
          onDecided={onDecided}
        />
      ) : (
        <DecisionSummary document={doc} />
      )}
    </Card>
  );
}

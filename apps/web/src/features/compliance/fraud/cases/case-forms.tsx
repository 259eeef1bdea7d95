import type { fraudApi } from '@backdesk/contract';
import { FRAUD_OUTCOMES } from '@backdesk/contract/fraud/keys';
import { Select, Textarea, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateTimeField,
  FormShell,
  ModalForm,
  toIsoInstant,
  useContractForm,
  useDialogForm,
} from '../../../../components/forms/index.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { ClosingNote } from '../shared/closing-note.tsx';
import { useFraudHandlers } from '../shared/work-filters.tsx';
import { useCaseActions } from './cases-api.ts';

type FraudCase = fraudApi.FraudCase;
const DECISIONS: readonly fraudApi.FraudCaseDecision[] = [
  'no_action',
  'monitor',
  'restrict',
  'offboard',
  'report',
];

/** Title, narrative, owner and follow-up date; the server refuses a stale version or a past date. */
export function EditCaseModal({ c, onClose }: { c: FraudCase; onClose: () => void }) {
  const { t } = useTranslation('fraudCases');
  const { update } = useCaseActions();
  const handlers = useFraudHandlers();
  const { form, shell } = useDialogForm({
    initialValues: {
      id: c.id,
      version: c.version,
      title: c.title,
      narrative: c.narrative,
      ownerId: c.owner ? String(c.owner.id) : null,
      followUpAt: c.follow_up_at ? dayjs(c.follow_up_at).format('YYYY-MM-DD HH:mm:ss') : null,
    },
    schema: (contract) => contract.fraudApi.UpdateFraudCaseBodySchema,
    toInput: (v) => ({
      ...v,
      ownerId: v.ownerId ? Number(v.ownerId) : null,
      followUpAt: toIsoInstant(v.followUpAt) ?? null,
    }),
    send: (body) => update.mutateAsync(body),
    done: t('saved'),
    onClose,
  });
  return (
    <ModalForm
      {...shell}
      title={t('editForm.title', { id: c.id })}
      size="lg"
      testId="edit-case-form"
      actions={{ submitLabel: t('editForm.submit'), submitting: form.submitting }}
    >
      <TextInput
        label={t('editForm.caseTitle')}
        name="title"
        data-testid="case-title"
        {...form.getInputProps('title')}
      />
      <Select
        label={t('editForm.owner')}
        data={[
          ...(c.owner && !handlers.some((h) => h.value === String(c.owner?.id))
            ? [{ value: String(c.owner.id), label: c.owner.display_name }]
            : []),
          ...handlers,
        ]}
        clearable
        searchable
        placeholder={t('editForm.nobody')}
        data-testid="case-owner"
        {...form.getInputProps('ownerId')}
      />
      <DateTimeField
        label={t('editForm.followUp')}
        description={t('editForm.followUpHint')}
        name="followUpAt"
        minDate={new Date()}
        clearButtonProps={{ 'aria-label': t('editForm.clearFollowUp') }}
        data-testid="case-follow-up"
        {...form.getInputProps('followUpAt')}
      />
      <Textarea
        label={t('editForm.narrative')}
        description={t('editForm.narrativeHint')}
        name="narrative"
        autosize
        minRows={6}
        maxRows={16}
        data-testid="case-narrative"
        {...form.getInputProps('narrative')}
      />
    </ModalForm>
  );
}

/** Per-alert outcomes are offered for this many open alerts; a larger case closes them with one for all. */
const OWN_OUTCOMES_SHOWN = 20;

/**
 * Closing takes a decision and a note, and closes the case's work: each open alert gets an outcome,
 * one for all or its own (the server refuses one left without).
 */
export function CloseCaseModal({
  c,
  alerts,
  onClose,
}: {
  c: FraudCase;
  alerts: readonly fraudApi.CaseAlert[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['fraudCases', 'fraud']);
  const { close } = useCaseActions();
  const open = alerts.filter((a) => a.status !== 'closed');
  const [own, setOwn] = useState<Record<number, fraudApi.FraudOutcome>>({});
  const { form, shell } = useDialogForm({
    initialValues: {
      id: c.id,
      version: c.version,
      decision: 'no_action' as fraudApi.FraudCaseDecision,
      note: '',
      alert_outcome: undefined as fraudApi.FraudOutcome | undefined,
    },
    schema: (contract) => contract.fraudApi.closeFraudCase.body,
    send: (body) =>
      close.mutateAsync({
        ...body,
        alert_outcomes: Object.entries(own).map(([id, outcome]) => ({ id: Number(id), outcome })),
      }),
    done: t('closedDone', { id: c.id }),
    onClose,
  });
  const outcomes = keyOptions(FRAUD_OUTCOMES, (o) => t(`fraud:outcome.${o}`));
  return (
    <ModalForm
      {...shell}
      title={t('closeForm.title', { id: c.id })}
      testId="close-case-form"
      actions={{ submitLabel: t('closeForm.submit'), submitting: form.submitting }}
    >
      <Select
        label={t('closeForm.decision')}
        data={keyOptions(DECISIONS, (d) => t(`decisions.${d}`))}
        allowDeselect={false}
        data-testid="case-decision"
        {...form.getInputProps('decision')}
      />
      {open.length > 0 && (
        <Select
          label={t('closeForm.alertOutcome', { count: open.length })}
          description={t('closeForm.alertOutcomeHint')}
          placeholder={t('closeForm.alertOutcomePlaceholder')}
          data={outcomes}
          withAsterisk
          data-testid="case-alert-outcome"
          {...form.getInputProps('alert_outcome')}
          value={form.values.alert_outcome ?? null}
          onChange={(value) =>
            form.setFieldValue('alert_outcome', (value ?? undefined) as fraudApi.FraudOutcome | undefined)
          }
        />
      )}
      {open.length > 1 &&
        open.length <= OWN_OUTCOMES_SHOWN &&
        open.map((a) => (
          <Select
            key={a.id}
            size="xs"
            label={t('closeForm.ownOutcome', { id: a.id, rule: t(`fraud:rules.${a.rule_code}`) })}
            placeholder={t('closeForm.asForAll')}
            data={outcomes}
            value={own[a.id] ?? null}
            onChange={(value) =>
              setOwn((current) => {
                const next = { ...current };
                if (value) next[a.id] = value as fraudApi.FraudOutcome;
                else delete next[a.id];
                return next;
              })
            }
            data-testid="case-alert-own-outcome"
          />
        ))}
      <ClosingNote
        label={t('closeForm.note')}
        description={t('closeForm.noteHint')}
        data-testid="case-closing-note"
        {...form.getInputProps('note')}
      />
    </ModalForm>
  );
}

/** A comment under the timeline; one Idempotency-Key per comment written. */
export function CommentForm({ caseId }: { caseId: number }) {
  const { t } = useTranslation('fraudCases');
  const { comment } = useCaseActions();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { form, failure, submit } = useContractForm({
    initialValues: { id: caseId, body: '' },
    schema: (contract) => contract.fraudApi.commentFraudCase.body,
  });
  const onSubmit = submit(async (body) => {
    await comment.mutateAsync({ ...body, key });
    form.reset();
    setKey(crypto.randomUUID());
  });
  return (
    <FormShell
      onSubmit={onSubmit}
      failure={failure}
      gap="xs"
      testId="case-comment-form"
      actions={{
        submitLabel: t('comment.submit'),
        submitting: form.submitting,
        submitTestId: 'case-comment-submit',
      }}
    >
      <Textarea
        label={t('comment.label')}
        name="body"
        autosize
        minRows={2}
        data-testid="case-comment"
        {...form.getInputProps('body')}
      />
    </FormShell>
  );
}

/** A closed case back to work, with a reason; its alerts keep their outcomes. */
export function ReopenCaseModal({ c, onClose }: { c: FraudCase; onClose: () => void }) {
  const { t } = useTranslation('fraudCases');
  const { reopen } = useCaseActions();
  const { form, shell } = useDialogForm({
    initialValues: { id: c.id, version: c.version, reason: '' },
    schema: (contract) => contract.fraudApi.reopenFraudCase.body,
    send: (body) => reopen.mutateAsync(body),
    done: t('reopenedDone', { id: c.id }),
    onClose,
  });
  return (
    <ModalForm
      {...shell}
      title={t('reopenForm.title', { id: c.id })}
      testId="reopen-case-form"
      actions={{ submitLabel: t('reopenForm.submit'), submitting: form.submitting }}
    >
      <ClosingNote
        label={t('reopenForm.reason')}
        description={t('reopenForm.reasonHint')}
        data-testid="case-reopen-reason"
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}

import type { fraudApi } from '@backdesk/contract';
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

/** Closing takes a decision and a note. */
export function CloseCaseModal({ c, onClose }: { c: FraudCase; onClose: () => void }) {
  const { t } = useTranslation('fraudCases');
  const { close } = useCaseActions();
  const { form, shell } = useDialogForm({
    initialValues: {
      id: c.id,
      version: c.version,
      decision: 'no_action' as fraudApi.FraudCaseDecision,
      note: '',
    },
    schema: (contract) => contract.fraudApi.closeFraudCase.body,
    send: (body) => close.mutateAsync(body),
    done: t('closedDone', { id: c.id }),
    onClose,
  });
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

import { Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormFailure, useContractForm } from './forms/index.ts';

export interface ReasonDialogProps<O extends string> {
  opened: boolean;
  /** The question, naming the thing: "Cancel trade #12 (250 USDT, ayse → mehmet)?" */
  title: string;
  description?: ReactNode;
  /** A required choice shown above the reason (e.g. release to buyer | refund seller). */
  outcomes?: { value: O; label: string }[];
  reasonRequired: boolean;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  /** Runs the action; a rejection is shown in the dialog, which stays open. */
  onConfirm: (input: { reason: string; outcome: O | undefined }) => unknown;
  onClose: () => void;
}

/**
 * A confirmation that names the thing and takes a reason, checked with the contract's reason rule
 * (at least 3 characters when required) before anything is sent.
 */
export function ReasonDialog<O extends string>(props: ReasonDialogProps<O>) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      // Mantine's close button has no text of its own: axe's button-name needs one.
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {props.opened && <ReasonForm {...props} />}
    </Modal>
  );
}

function ReasonForm<O extends string>(props: ReasonDialogProps<O>) {
  const { t } = useTranslation('transactions');
  const { form, failure, submit } = useContractForm({
    initialValues: { reason: '', outcome: (props.outcomes?.[0]?.value ?? '') as O | '' },
    // Every reasoned action shares one reason rule; these two bodies carry it required and optional.
    schema: (c) =>
      props.reasonRequired
        ? c.transactionsApi.cancelTrade.body.pick({ reason: true })
        : c.transactionsApi.approveWithdrawal.body.pick({ reason: true }),
    toInput: ({ reason }) => ({ reason: reason.trim() === '' && !props.reasonRequired ? undefined : reason }),
  });
  const onSubmit = submit(async (body) => {
    const { outcome } = form.getValues();
    await props.onConfirm({ reason: body.reason ?? '', outcome: outcome || undefined });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" data-testid="reason-dialog">
        {props.description && <Text size="sm">{props.description}</Text>}
        {props.outcomes && (
          <SegmentedControl
            fullWidth
            data={props.outcomes}
            data-testid="outcome"
            {...form.getInputProps('outcome')}
          />
        )}
        <FormFailure failure={failure} />
        <Textarea
          label={t('review.reason')}
          description={props.reasonRequired ? t('review.reasonRequired') : t('review.reasonOptional')}
          autosize
          minRows={2}
          maxLength={500}
          name="reason"
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <FormActions
          submitLabel={props.confirmLabel}
          submitting={props.pending || form.submitting}
          onCancel={props.onClose}
          color={props.confirmColor}
          submitTestId="confirm"
        />
      </Stack>
    </form>
  );
}

import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonDialogProps<O extends string> {
  opened: boolean;
  title: string;
  description?: ReactNode;
  /** A required choice shown above the reason (e.g. release to buyer | refund seller). */
  outcomes?: { value: O; label: string }[];
  reasonRequired: boolean;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  onConfirm: (input: { reason: string; outcome: O | undefined }) => void;
  onClose: () => void;
}

/** A confirmation with a reason (at least 3 characters when required, as the contract checks). */
export function ReasonDialog<O extends string>(props: ReasonDialogProps<O>) {
  const { t } = useTranslation('transactions');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<O | undefined>(props.outcomes?.[0]?.value);
  const tooShort = props.reasonRequired && reason.trim().length < 3;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack gap="sm" data-testid="reason-dialog">
        {props.description && <Text size="sm">{props.description}</Text>}
        {props.outcomes && (
          <SegmentedControl
            fullWidth
            data={props.outcomes}
            value={outcome ?? ''}
            onChange={(v) => setOutcome(v as O)}
            data-testid="outcome"
          />
        )}
        <Textarea
          label={t('review.reason')}
          description={props.reasonRequired ? t('review.reasonRequired') : t('review.reasonOptional')}
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          name="reason"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            color={props.confirmColor}
            disabled={tooShort}
            loading={props.pending}
            onClick={() => props.onConfirm({ reason: reason.trim(), outcome })}
            data-testid="confirm"
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { type fraudApi, RESTRICTION_KINDS } from '@backdesk/contract';
import { FRAUD_OUTCOMES } from '@backdesk/contract/fraud/keys';
import { Radio, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField, ModalForm, toIsoInstant, useDialogForm } from '../../../../components/forms/index.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { ClosingNote } from '../shared/closing-note.tsx';
import { useAlertActions } from './alerts-api.ts';

type AlertRow = fraudApi.FraudAlertRow;

/** Closing takes an outcome and a note; the server refuses a stale version or a closed alert. */
export function CloseAlertModal({ alert, onClose }: { alert: AlertRow; onClose: () => void }) {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const { move } = useAlertActions();
  const { form, shell } = useDialogForm({
    initialValues: {
      id: alert.id,
      version: alert.version,
      status: 'closed' as const,
      outcome: 'confirmed' as (typeof FRAUD_OUTCOMES)[number],
      note: '',
    },
    schema: (c) => c.fraudApi.MoveFraudAlertBodySchema,
    send: (body) => move.mutateAsync(body),
    done: t('actions.done'),
    onClose,
  });
  return (
    <ModalForm
      {...shell}
      title={t('closeForm.title', { id: alert.id })}
      testId="close-alert-form"
      actions={{ submitLabel: t('closeForm.submit'), submitting: form.submitting }}
    >
      <Radio.Group label={t('closeForm.outcome')} {...form.getInputProps('outcome')}>
        <Stack gap="xs" mt="xs">
          {FRAUD_OUTCOMES.map((o) => (
            <Radio key={o} value={o} label={t(`fraud:outcome.${o}`)} data-testid={`outcome-${o}`} />
          ))}
        </Stack>
      </Radio.Group>
      <ClosingNote
        label={t('closeForm.note')}
        description={t('closeForm.noteHint')}
        data-testid="closing-note"
        {...form.getInputProps('note')}
      />
    </ModalForm>
  );
}

/** Restricts the alert's customer with the restrictions page's kinds; one key per opened form. */
export function RestrictCustomerModal({ alert, onClose }: { alert: AlertRow; onClose: () => void }) {
  const { t } = useTranslation(['fraudAlerts', 'crm']);
  const { restrict } = useAlertActions();
  const [key] = useState(() => crypto.randomUUID());
  const { form, shell } = useDialogForm({
    initialValues: {
      id: alert.id,
      kind: 'withdrawal' as (typeof RESTRICTION_KINDS)[number],
      reason: '',
      endsAt: null as string | null,
    },
    schema: (c) => c.fraudApi.RestrictFromFraudAlertBodySchema,
    toInput: (values) => ({ ...values, endsAt: toIsoInstant(values.endsAt) }),
    send: (body) => restrict.mutateAsync({ ...body, key }),
    done: t('restrictForm.done', { customer: alert.user_name }),
    onClose,
  });
  return (
    <ModalForm
      {...shell}
      title={t('restrictForm.title', { customer: alert.user_name })}
      testId="restrict-customer-form"
      actions={{ submitLabel: t('restrictForm.submit'), submitting: form.submitting, color: 'red' }}
    >
      <Select
        label={t('restrictForm.kind')}
        data={keyOptions(RESTRICTION_KINDS, (k) => t(`crm:restrictions.kinds.${k}`))}
        allowDeselect={false}
        data-testid="restrict-kind"
        {...form.getInputProps('kind')}
      />
      <Textarea
        label={t('restrictForm.reason')}
        name="reason"
        required
        autosize
        minRows={2}
        data-testid="restrict-reason"
        {...form.getInputProps('reason')}
      />
      <DateTimeField
        label={t('restrictForm.endsAt')}
        name="endsAt"
        minDate={new Date()}
        {...form.getInputProps('endsAt')}
      />
    </ModalForm>
  );
}

/** Puts an address from the evidence on the blocklist (the blocklist's own endpoint and rules). */
export function BlockAddressModal({
  address,
  onClose,
}: {
  address: { value: string; network: string | null };
  onClose: () => void;
}) {
  const { t } = useTranslation('fraudAlerts');
  const { block } = useAlertActions();
  const [key] = useState(() => crypto.randomUUID());
  const { form, shell } = useDialogForm({
    initialValues: {
      kind: 'address' as const,
      value: address.value,
      ...(address.network ? { network: address.network } : {}),
      reason: '',
      source: 'fraud_alert',
    },
    schema: (c) => c.fraudApi.AddBlocklistEntryBodySchema,
    send: (body) => block.mutateAsync({ ...body, key }),
    done: t('actions.blocked', { value: address.value }),
    onClose,
  });
  return (
    <ModalForm
      {...shell}
      title={t('blockForm.title', { value: address.value })}
      testId="block-address-form"
      actions={{ submitLabel: t('blockForm.submit'), submitting: form.submitting, color: 'red' }}
    >
      <Textarea
        label={t('blockForm.reason')}
        name="reason"
        required
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}

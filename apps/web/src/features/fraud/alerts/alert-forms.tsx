import { type fraudApi, RESTRICTION_KINDS } from '@backdesk/contract';
import { FRAUD_OUTCOMES } from '@backdesk/contract/fraud/keys';
import { Radio, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField, ModalForm, toIsoInstant, useContractForm } from '../../../components/forms/index.ts';
import { notify } from '../../../lib/notify.ts';
import { useAlertActions } from './alerts-api.ts';

type AlertRow = fraudApi.FraudAlertRow;

/** Closing takes an outcome and a note; the server refuses a stale version or a closed alert. */
export function CloseAlertModal({ alert, onClose }: { alert: AlertRow; onClose: () => void }) {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const { move } = useAlertActions();
  const { form, failure, submit } = useContractForm({
    initialValues: {
      id: alert.id,
      version: alert.version,
      status: 'closed' as const,
      outcome: 'confirmed' as (typeof FRAUD_OUTCOMES)[number],
      note: '',
    },
    schema: (c) => c.fraudApi.MoveFraudAlertBodySchema,
  });
  const onSubmit = submit(async (body) => {
    await move.mutateAsync(body);
    notify({ title: t('actions.done'), color: 'green' });
    onClose();
  });
  return (
    <ModalForm
      onClose={onClose}
      title={t('closeForm.title', { id: alert.id })}
      centered
      onSubmit={onSubmit}
      failure={failure}
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
      <Textarea
        label={t('closeForm.note')}
        description={t('closeForm.noteHint')}
        name="note"
        required
        autosize
        minRows={3}
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
  const { form, failure, submit } = useContractForm({
    initialValues: {
      id: alert.id,
      kind: 'withdrawal' as (typeof RESTRICTION_KINDS)[number],
      reason: '',
      endsAt: null as string | null,
    },
    schema: (c) => c.fraudApi.RestrictFromFraudAlertBodySchema,
    toInput: (values) => ({ ...values, endsAt: toIsoInstant(values.endsAt) }),
  });
  const onSubmit = submit(async (body) => {
    await restrict.mutateAsync({ ...body, key });
    notify({ title: t('restrictForm.done', { customer: alert.user_name }), color: 'green' });
    onClose();
  });
  return (
    <ModalForm
      onClose={onClose}
      title={t('restrictForm.title', { customer: alert.user_name })}
      centered
      onSubmit={onSubmit}
      failure={failure}
      testId="restrict-customer-form"
      actions={{ submitLabel: t('restrictForm.submit'), submitting: form.submitting, color: 'red' }}
    >
      <Select
        label={t('restrictForm.kind')}
        data={RESTRICTION_KINDS.map((k) => ({ value: k, label: t(`crm:restrictions.kinds.${k}`) }))}
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
  const { form, failure, submit } = useContractForm({
    initialValues: {
      kind: 'address' as const,
      value: address.value,
      ...(address.network ? { network: address.network } : {}),
      reason: '',
      source: 'fraud_alert',
    },
    schema: (c) => c.fraudApi.AddBlocklistEntryBodySchema,
  });
  const onSubmit = submit(async (body) => {
    await block.mutateAsync({ ...body, key });
    notify({ title: t('actions.blocked', { value: address.value }), color: 'green' });
    onClose();
  });
  return (
    <ModalForm
      onClose={onClose}
      title={t('blockForm.title', { value: address.value })}
      centered
      onSubmit={onSubmit}
      failure={failure}
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

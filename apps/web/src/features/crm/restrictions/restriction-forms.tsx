import { RESTRICTION_KINDS, type Restriction } from '@backdesk/contract';
import { Modal, NumberInput, Select, SimpleGrid, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateTimeField,
  FormShell,
  ModalForm,
  toIsoInstant,
  useContractForm,
} from '../../../components/forms/index.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddRestriction, useLiftRestriction } from './restrictions-api.ts';

/** Adds a restriction; one Idempotency-Key per opened form, so a retried submit adds one. */
export function AddRestrictionModal({
  opened,
  onClose,
  customerId,
}: {
  opened: boolean;
  onClose: () => void;
  customerId?: number;
}) {
  const { t } = useTranslation('crm');
  const add = useAddRestriction();
  const [key] = useState(() => crypto.randomUUID());
  const { form, failure, submit } = useContractForm({
    initialValues: {
      customerId: (customerId ?? '') as number | string,
      kind: 'withdrawal' as Restriction['kind'],
      startsAt: null as string | null,
      endsAt: null as string | null,
      reason: '',
    },
    schema: (c) => c.crmApi.AddRestrictionBodySchema,
    toInput: (values) => ({
      ...values,
      customerId: values.customerId === '' ? undefined : Number(values.customerId),
      startsAt: toIsoInstant(values.startsAt),
      endsAt: toIsoInstant(values.endsAt),
    }),
  });

  const onSubmit = submit(async (body) => {
    await add.mutateAsync({ key, body });
    notify({ title: t('restrictions.added'), color: 'green' });
    onClose();
  });

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={t('restrictions.add')}
      centered
      size="lg"
      onSubmit={onSubmit}
      failure={failure}
      testId="add-restriction-form"
      actions={{ submitLabel: t('restrictions.add'), submitting: form.submitting, color: 'red' }}
    >
      <SimpleGrid cols={customerId === undefined ? 2 : 1}>
        {customerId === undefined && (
          <NumberInput
            label={t('restrictions.form.customerId')}
            name="customerId"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('customerId')}
          />
        )}
        <Select
          label={t('restrictions.columns.kind')}
          data={RESTRICTION_KINDS.map((k) => ({ value: k, label: t(`restrictions.kinds.${k}`) }))}
          allowDeselect={false}
          data-testid="restriction-kind"
          {...form.getInputProps('kind')}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <DateTimeField
          label={t('restrictions.columns.from')}
          description={t('restrictions.form.startsHint')}
          name="startsAt"
          {...form.getInputProps('startsAt')}
        />
        <DateTimeField
          label={t('restrictions.columns.until')}
          description={t('restrictions.form.endsHint')}
          name="endsAt"
          minDate={new Date()}
          {...form.getInputProps('endsAt')}
        />
      </SimpleGrid>
      <Textarea
        label={t('restrictions.columns.reason')}
        name="reason"
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}

/** Lifting asks first, naming the restriction, and takes the reason in the same dialog. */
export function LiftRestrictionModal({
  restriction,
  onClose,
}: {
  restriction: Restriction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('crm');
  return (
    <Modal
      opened={restriction !== null}
      onClose={onClose}
      centered
      title={
        restriction &&
        t('restrictions.liftTitle', {
          id: restriction.id,
          kind: t(`restrictions.kinds.${restriction.kind}`),
          customer: restriction.user_name,
        })
      }
    >
      {restriction && <LiftRestrictionForm restriction={restriction} onClose={onClose} />}
    </Modal>
  );
}

function LiftRestrictionForm({ restriction, onClose }: { restriction: Restriction; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const lift = useLiftRestriction();
  const { form, failure, submit } = useContractForm({
    initialValues: { reason: '' },
    schema: (c) => c.crmApi.liftRestriction.body,
    toInput: ({ reason }) => ({ id: restriction.id, version: restriction.version, reason }),
  });
  const onSubmit = submit(async (body) => {
    await lift.mutateAsync(body);
    notify({ title: t('restrictions.lifted'), color: 'green' });
    onClose();
  });
  return (
    <FormShell
      onSubmit={onSubmit}
      failure={failure}
      testId="lift-restriction-form"
      intro={
        <Text size="sm" c="dimmed">
          {restriction.reason}
        </Text>
      }
      actions={{
        submitLabel: t('restrictions.lift'),
        submitting: form.submitting,
        onCancel: onClose,
        color: 'red',
      }}
    >
      <Textarea
        label={t('restrictions.form.liftReason')}
        name="liftReason"
        autosize
        minRows={2}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </FormShell>
  );
}

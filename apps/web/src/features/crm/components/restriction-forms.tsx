import { RESTRICTION_KINDS, type Restriction } from '@backdesk/contract';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddRestriction, useLiftRestriction } from '../api/restrictions-api.ts';

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
  const [customer, setCustomer] = useState<number | string>(customerId ?? '');
  const [kind, setKind] = useState<string | null>('withdrawal');
  const [days, setDays] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!customer || !kind || reason.trim().length < 3) {
      setFailure(t('restrictions.form.incomplete'));
      return;
    }
    const endsAt = days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : undefined;
    try {
      await add.mutateAsync({
        key,
        body: {
          customerId: Number(customer),
          kind: kind as Restriction['kind'],
          reason: reason.trim(),
          endsAt,
        },
      });
      notify({ title: t('restrictions.added'), color: 'green' });
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : t('common.unexpected'));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('restrictions.add')} centered>
      <form onSubmit={(e) => void submit(e)} data-testid="add-restriction-form">
        <Stack>
          {failure && <Alert color="red">{failure}</Alert>}
          {customerId === undefined && (
            <NumberInput
              label={t('restrictions.form.customerId')}
              name="customerId"
              value={customer}
              onChange={setCustomer}
              min={1}
            />
          )}
          <Select
            label={t('restrictions.columns.kind')}
            data={RESTRICTION_KINDS.map((k) => ({ value: k, label: t(`restrictions.kinds.${k}`) }))}
            value={kind}
            onChange={setKind}
            allowDeselect={false}
            data-testid="restriction-kind"
          />
          <NumberInput
            label={t('restrictions.form.days')}
            description={t('restrictions.form.daysHint')}
            value={days}
            onChange={setDays}
            min={1}
            max={3650}
          />
          <Textarea
            label={t('restrictions.columns.reason')}
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={add.isPending}>
              {t('restrictions.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function LiftRestrictionModal({
  restriction,
  onClose,
}: {
  restriction: Restriction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('crm');
  const lift = useLiftRestriction();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!restriction) return;
    if (reason.trim().length < 3) {
      setFailure(t('restrictions.form.reasonRequired'));
      return;
    }
    try {
      await lift.mutateAsync({ id: restriction.id, reason: reason.trim(), version: restriction.version });
      notify({ title: t('restrictions.lifted'), color: 'green' });
      setReason('');
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') setFailure(t('edit.stale'));
      else setFailure(error instanceof ApiRequestError ? error.message : t('common.unexpected'));
    }
  }

  return (
    <Modal opened={restriction !== null} onClose={onClose} title={t('restrictions.lift')} centered>
      <form onSubmit={(e) => void submit(e)} data-testid="lift-restriction-form">
        <Stack>
          {failure && <Alert color="red">{failure}</Alert>}
          <Textarea
            label={t('restrictions.form.liftReason')}
            name="liftReason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={lift.isPending}>
              {t('restrictions.lift')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

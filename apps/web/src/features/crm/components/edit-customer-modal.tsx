import type { CustomerDetail } from '@backdesk/contract';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api.ts';
import { loadContract } from '../../../lib/contract.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateCustomer } from '../api/customer-mutations.ts';
import { fieldErrors } from './customer-form-errors.ts';

type Fields = { alias_name: string; alias_surname: string; alias_email: string; alias_mobile: string };

/** Spec §7 update with the loaded version: a stale edit is refused by the server, never overwritten. */
export function EditCustomerModal({
  customer,
  opened,
  onClose,
}: {
  customer: CustomerDetail['customer'];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('crm');
  const update = useUpdateCustomer(customer.id);
  const initial: Fields = {
    alias_name: customer.alias_name ?? '',
    alias_surname: customer.alias_surname ?? '',
    alias_email: customer.email ?? '',
    alias_mobile: customer.mobile ?? '',
  };
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    // Only changed fields are sent, so only they change (spec §4).
    const changed = Object.fromEntries(
      Object.entries(fields).filter(([key, value]) => value !== initial[key as keyof Fields]),
    );
    const { crmApi } = await loadContract();
    const parsed = crmApi.UpdateCustomerBodySchema.safeParse({
      user_name: customer.user_name,
      version: customer.version,
      ...changed,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, t));
      return;
    }
    setErrors({});
    try {
      const result = await update.mutateAsync(parsed.data);
      notify({ title: t('edit.success'), description: result.message, color: 'green' });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') setFailure(t('edit.stale'));
      else if (error instanceof ApiRequestError) setFailure(`${t('edit.failed')}: ${error.message}`);
      else setFailure(t('edit.error'));
    }
  }

  const field = (name: keyof Fields, label: string) => (
    <TextInput
      label={label}
      name={name}
      value={fields[name]}
      error={errors[name]}
      onChange={(e) => setFields({ ...fields, [name]: e.currentTarget.value })}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('edit.title')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="edit-customer-form">
        <Stack>
          {failure && (
            <Alert color="red" variant="light" data-testid="edit-failure">
              {failure}
            </Alert>
          )}
          {field('alias_name', t('fields.name'))}
          {field('alias_surname', t('fields.surname'))}
          {field('alias_email', t('fields.email'))}
          {field('alias_mobile', t('fields.phone'))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import type { CustomerDetail } from '@backdesk/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModalForm, useContractForm } from '../../../components/forms/index.ts';
import { notify } from '../../../lib/notify.ts';
import { CUSTOMER_CODE_FIELDS, CUSTOMER_FORMATS } from './customer-form-errors.ts';
import { useUpdateCustomer } from './customer-mutations.ts';

type Fields = { alias_name: string; alias_surname: string; alias_email: string; alias_mobile: string };

/** An update with the loaded version: a stale edit is refused by the server, never overwritten. */
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
  const { form, failure, submit } = useContractForm({
    initialValues: initial,
    schema: (c) => c.crmApi.UpdateCustomerBodySchema,
    // Only changed fields are sent, so only they change (docs/product-rules.md).
    toInput: (values) => ({
      user_name: customer.user_name,
      version: customer.version,
      ...Object.fromEntries(
        Object.entries(values).filter(([name, value]) => value !== initial[name as keyof Fields]),
      ),
    }),
    formats: CUSTOMER_FORMATS,
    codeFields: CUSTOMER_CODE_FIELDS,
  });

  const onSubmit = submit(async (body) => {
    await update.mutateAsync(body);
    notify({ title: t('edit.success'), color: 'green' });
    onClose();
  });

  const field = (name: keyof Fields, label: string) => (
    <TextInput label={label} name={name} {...form.getInputProps(name)} />
  );

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={t('edit.title')}
      centered
      onSubmit={onSubmit}
      failure={failure}
      failureTestId="edit-failure"
      testId="edit-customer-form"
      actions={{ submitLabel: t('common.save'), submitting: form.submitting }}
    >
      {field('alias_name', t('fields.name'))}
      {field('alias_surname', t('fields.surname'))}
      {field('alias_email', t('fields.email'))}
      {field('alias_mobile', t('fields.phone'))}
    </ModalForm>
  );
}

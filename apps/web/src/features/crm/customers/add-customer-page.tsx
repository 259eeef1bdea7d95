import type { CUSTOMER_KYC_TYPES } from '@backdesk/contract';
import { Card, SegmentedControl, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { FormShell, useContractForm } from '../../../components/forms/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCustomerTypes } from '../customer-types/customer-types-api.ts';
import { CUSTOMER_CODE_FIELDS, CUSTOMER_FORMATS } from './customer-form-errors.ts';
import { useCreateCustomer } from './customer-mutations.ts';

const INITIAL = {
  user_name: '',
  alias_name: '',
  alias_surname: '',
  alias_email: '',
  alias_mobile: '',
  customer_type: 'bronze',
  kyc_type: 'kyc' as (typeof CUSTOMER_KYC_TYPES)[number],
};

export function AddCustomerPage() {
  const { t } = useTranslation(['crm', 'common']);
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const tiers = useCustomerTypes();
  // One key per filled-in form: a retry (double click, network retry) reuses it.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { form, failure, submit } = useContractForm({
    initialValues: INITIAL,
    schema: (c) => c.crmApi.CreateCustomerBodySchema,
    formats: CUSTOMER_FORMATS,
    codeFields: CUSTOMER_CODE_FIELDS,
  });

  const onSubmit = submit(async (body) => {
    try {
      const result = await create.mutateAsync({ body, key });
      notify({ title: t('add.success'), color: 'green' });
      void navigate({ to: '/crm/customers/$customerId', params: { customerId: result.customer.id } });
    } catch (error) {
      // The member will correct the fields: the corrected submit is a new request.
      setKey(crypto.randomUUID());
      throw error;
    }
  });

  const field = (name: keyof typeof INITIAL, label: string, required = true) => (
    <TextInput label={label} name={name} required={required} {...form.getInputProps(name)} />
  );

  return (
    <>
      <PageHeader title={t('common:pages.addCustomer')} description={t('add.subtitle')} />
      {/* The form is usable once the tiers its select offers are in. */}
      <Card withBorder radius="md" maw={760} {...contentReady(tiers.data !== undefined)}>
        <FormShell
          onSubmit={onSubmit}
          failure={failure}
          testId="add-customer-form"
          actions={{ submitLabel: t('add.submit'), submitting: form.submitting }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('user_name', t('fields.userName'))}
            {field('alias_email', t('fields.email'))}
            {field('alias_name', t('fields.name'))}
            {field('alias_surname', t('fields.surname'))}
            {field('alias_mobile', t('fields.phone'), false)}
            <Select
              label={t('fields.tier')}
              data={(tiers.data?.items ?? []).map((x) => ({ value: x.code, label: x.name }))}
              allowDeselect={false}
              name="customer_type"
              {...form.getInputProps('customer_type')}
            />
          </SimpleGrid>
          <SegmentedControl
            data={[
              { value: 'kyc', label: t('kycType.individual') },
              { value: 'kyb', label: t('kycType.business') },
            ]}
            {...form.getInputProps('kyc_type')}
          />
        </FormShell>
      </Card>
    </>
  );
}

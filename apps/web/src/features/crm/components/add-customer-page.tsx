import type { CUSTOMER_KYC_TYPES } from '@backdesk/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { loadContract } from '../../../lib/contract.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateCustomer } from '../api/customer-mutations.ts';
import { useCustomerTypes } from '../api/customer-types-api.ts';
import { fieldErrors } from './customer-form-errors.ts';

const EMPTY = { user_name: '', alias_name: '', alias_surname: '', alias_email: '', alias_mobile: '' };

export function AddCustomerPage() {
  const { t } = useTranslation(['crm', 'common']);
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const tiers = useCustomerTypes();
  const [fields, setFields] = useState(EMPTY);
  const [kycType, setKycType] = useState<(typeof CUSTOMER_KYC_TYPES)[number]>('kyc');
  const [tier, setTier] = useState<string | null>('bronze');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key per filled-in form: a retry (double click, network retry) reuses it.
  const [key, setKey] = useState(() => crypto.randomUUID());

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { crmApi } = await loadContract();
    const parsed = crmApi.CreateCustomerBodySchema.safeParse({
      ...fields,
      kyc_type: kycType,
      customer_type: tier ?? 'bronze',
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, t));
      return;
    }
    setErrors({});
    try {
      const result = await create.mutateAsync({ body: parsed.data, key });
      notify({ title: t('add.success'), color: 'green' });
      void navigate({ to: '/crm/customers/$customerId', params: { customerId: String(result.customer.id) } });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') {
        const duplicateEmail = error.message.toLowerCase().includes('email');
        setErrors(
          duplicateEmail
            ? { alias_email: t('add.duplicateEmail') }
            : { user_name: t('add.duplicateUserName') },
        );
        // The fields will change: a corrected submit is a new request.
        setKey(crypto.randomUUID());
      } else setFailure(error instanceof ApiRequestError ? error.message : t('common.unexpected'));
    }
  }

  const field = (name: keyof typeof EMPTY, label: string, required = true) => (
    <TextInput
      label={label}
      name={name}
      required={required}
      value={fields[name]}
      error={errors[name]}
      onChange={(e) => setFields({ ...fields, [name]: e.currentTarget.value })}
    />
  );

  return (
    <>
      <PageHeader title={t('common:pages.addCustomer')} description={t('add.subtitle')} />
      <Card withBorder radius="md" maw={760}>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="add-customer-form">
          <Stack>
            {failure && <Alert color="red">{failure}</Alert>}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('user_name', t('fields.userName'))}
              {field('alias_email', t('fields.email'))}
              {field('alias_name', t('fields.name'))}
              {field('alias_surname', t('fields.surname'))}
              {field('alias_mobile', t('fields.phone'), false)}
              <Select
                label={t('fields.tier')}
                data={(tiers.data?.items ?? [{ code: 'bronze', name: 'Bronze' }]).map((x) => ({
                  value: x.code,
                  label: x.name,
                }))}
                value={tier}
                onChange={setTier}
                allowDeselect={false}
              />
            </SimpleGrid>
            <SegmentedControl
              value={kycType}
              onChange={(v) => setKycType(v as typeof kycType)}
              data={[
                { value: 'kyc', label: t('kycType.individual') },
                { value: 'kyb', label: t('kycType.business') },
              ]}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}

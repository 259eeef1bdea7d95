import { LIMIT_AMOUNT_FIELDS, LIMIT_TYPES } from '@backdesk/contract/rules';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput, ModalForm, useContractForm } from '../../../components/forms/index.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateLimit } from './limits-api.ts';

const EMPTY = {
  limit_type: 'withdrawal',
  contract_name: '',
  wallet_address: '',
  wallet_name: '',
  min_amount: '',
  max_amount: '',
  daily_cap: '',
  monthly_cap: '',
};

/** Every amount is typed in the member's locale; the contract's rule refuses places beyond the asset's. */
const AMOUNTS = Object.fromEntries(LIMIT_AMOUNT_FIELDS.map((field) => [field, () => undefined]));

/** The create form: checked with the contract's own schema, then sent once. */
export function LimitForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  // One key per form submission: a retried or double-clicked create makes one limit.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const create = useCreateLimit();
  const { form, failure, submit } = useContractForm({
    initialValues: EMPTY,
    schema: (c) => c.transactionsApi.LimitInputSchema,
    decimals: AMOUNTS,
  });

  const onSubmit = submit(async (limit) => {
    try {
      await create.mutateAsync({ limit, key });
    } catch (error) {
      // docs/product-rules.md R9: "Failed to create limit", with the reason.
      notify({ title: t('limits.createFailed'), description: errorText(error), color: 'red' });
      throw error;
    }
    notify({ title: t('limits.created'), color: 'green' });
    form.reset();
    setKey(crypto.randomUUID());
    onClose();
  });

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={t('limits.new')}
      size="lg"
      gap="sm"
      onSubmit={onSubmit}
      failure={failure}
      testId="limit-form"
      actions={{ submitLabel: t('limits.create'), submitting: form.submitting, submitTestId: 'limit-submit' }}
    >
      <Select
        label={t('fields.limit_type')}
        data={LIMIT_TYPES.map((type) => ({ value: type, label: t(`limitTypes.${type}`) }))}
        allowDeselect={false}
        name="limit_type"
        {...form.getInputProps('limit_type')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.contract_name')}
          placeholder="USDT-TRC20"
          name="contract_name"
          {...form.getInputProps('contract_name')}
        />
        <TextInput
          label={t('fields.wallet_address')}
          name="wallet_address"
          {...form.getInputProps('wallet_address')}
        />
        <TextInput
          label={t('fields.wallet_name')}
          placeholder={t('limits.walletNameHint')}
          name="wallet_name"
          {...form.getInputProps('wallet_name')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LIMIT_AMOUNT_FIELDS.map((field) => (
          <DecimalInput
            key={field}
            label={t(`fields.${field}`)}
            name={field}
            placeholder={t('limits.unbounded')}
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
    </ModalForm>
  );
}

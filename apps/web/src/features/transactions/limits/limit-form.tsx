import type { TransactionLimit } from '@backdesk/contract';
import { LIMIT_AMOUNT_FIELDS, LIMIT_TYPES } from '@backdesk/contract/rules';
import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DecimalInput,
  decimalInputText,
  ModalForm,
  useContractForm,
} from '../../../components/forms/index.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { ContractSelect } from './contract-select.tsx';
import { useCreateLimit, useUpdateLimit } from './limits-api.ts';

/** Every amount is typed in the member's locale; the contract's rule refuses places beyond the asset's. */
const AMOUNTS = Object.fromEntries(LIMIT_AMOUNT_FIELDS.map((field) => [field, () => undefined]));

/**
 * Create a limit, or edit one in place (its lid kept, so R14's tie rule picks as before; the version
 * it was read at refuses a stale edit). Checked with the contract's own schema, then sent once.
 */
export function LimitForm({
  limit,
  contracts,
  onClose,
}: {
  /** The limit to edit; none: a new one. */
  limit?: TransactionLimit;
  /** The contract names the limits already use, offered beside the catalogue's. */
  contracts: readonly (string | null)[];
  onClose: () => void;
}) {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  // One key per form: a retried or double-clicked create makes one limit.
  const [key] = useState(() => crypto.randomUUID());
  const create = useCreateLimit();
  const update = useUpdateLimit();
  const { form, failure, submit } = useContractForm({
    initialValues: {
      limit_type: limit?.limit_type ?? 'withdrawal',
      contract_name: limit?.contract_name ?? '',
      wallet_address: limit?.wallet_address ?? '',
      wallet_name: limit?.wallet_name ?? '',
      ...Object.fromEntries(LIMIT_AMOUNT_FIELDS.map((f) => [f, decimalInputText(locale, limit?.[f])])),
    } as Record<'limit_type' | 'contract_name' | 'wallet_address' | 'wallet_name', string> &
      Record<(typeof LIMIT_AMOUNT_FIELDS)[number], string>,
    schema: (c) => c.transactionsApi.LimitInputSchema,
    decimals: AMOUNTS,
  });

  const onSubmit = submit(async (body) => {
    try {
      if (limit) await update.mutateAsync({ ...body, lid: limit.lid, version: limit.version });
      else await create.mutateAsync({ limit: body, key });
    } catch (error) {
      // docs/product-rules.md R9: "Failed to create limit", with the reason.
      notify({
        title: t(limit ? 'limits.updateFailed' : 'limits.createFailed'),
        description: errorText(error),
        color: 'red',
      });
      throw error;
    }
    notify({ title: t(limit ? 'limits.updated' : 'limits.created'), color: 'green' });
    onClose();
  });

  return (
    <ModalForm
      opened
      onClose={onClose}
      title={limit ? t('limits.editTitle', { lid: limit.lid }) : t('limits.new')}
      size="lg"
      gap="sm"
      onSubmit={onSubmit}
      failure={failure}
      testId="limit-form"
      actions={{
        submitLabel: t(limit ? 'limits.save' : 'limits.create'),
        submitting: form.submitting,
        submitTestId: 'limit-submit',
      }}
    >
      {limit && (
        <Text size="sm" c="dimmed">
          {t('limits.editHint')}
        </Text>
      )}
      <Select
        label={t('fields.limit_type')}
        data={LIMIT_TYPES.map((type) => ({ value: type, label: t(`limitTypes.${type}`) }))}
        allowDeselect={false}
        name="limit_type"
        {...form.getInputProps('limit_type')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ContractSelect
          label={t('fields.contract_name')}
          name="contract_name"
          extra={contracts}
          data-testid="limit-contract"
          {...form.getInputProps('contract_name')}
          value={form.values.contract_name}
          onChange={(value) => form.setFieldValue('contract_name', value)}
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

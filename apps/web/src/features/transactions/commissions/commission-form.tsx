import type { CommissionCustomerType, CommissionRule } from '@backdesk/contract';
import { COMMISSION_KINDS, COMMISSION_OPERATIONS } from '@backdesk/contract/rules';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
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
import { formatDecimal } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveCommission } from './commissions-api.ts';

/** Amounts typed in the member's locale; the contract's rule decides the places per asset. */
const AMOUNTS = { value: () => undefined, min_fee: () => undefined, max_fee: () => undefined };

/** Create or edit one fee rule; an edit carries the version it started from (stale edits are refused). */
export function CommissionForm({
  rule,
  customerTypes,
  onClose,
}: {
  rule: CommissionRule | undefined;
  customerTypes: CommissionCustomerType[];
  onClose: () => void;
}) {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  const [key] = useState(() => crypto.randomUUID());
  const save = useSaveCommission();
  const { form, failure, submit } = useContractForm({
    initialValues: {
      operation: rule?.operation ?? 'trade',
      asset: rule?.asset ?? '',
      customer_type: rule?.customer_type ?? '',
      kind: rule?.kind ?? 'percent',
      value: decimalInputText(locale, rule?.value),
      min_fee: decimalInputText(locale, rule?.min_fee),
      max_fee: decimalInputText(locale, rule?.max_fee),
    },
    schema: (c) => c.transactionsApi.CommissionInputSchema,
    decimals: AMOUNTS,
  });

  const onSubmit = submit(async (body) => {
    try {
      await save.mutateAsync({ rule: body, id: rule?.id, version: rule?.version, key });
    } catch (error) {
      notify({ title: t('commissions.saveFailed'), description: errorText(error), color: 'red' });
      throw error;
    }
    notify({ title: t(rule ? 'commissions.saved' : 'commissions.created'), color: 'green' });
    onClose();
  });

  return (
    <ModalForm
      onClose={onClose}
      title={rule ? t('commissions.edit') : t('commissions.new')}
      size="lg"
      gap="sm"
      onSubmit={onSubmit}
      failure={failure}
      testId="commission-form"
      actions={{ submitLabel: t('actions.save'), submitting: form.submitting }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('fields.operation')}
          data={COMMISSION_OPERATIONS.map((o) => ({ value: o, label: t(`operations.${o}`) }))}
          allowDeselect={false}
          name="operation"
          {...form.getInputProps('operation')}
        />
        <TextInput
          label={t('fields.asset')}
          placeholder={t('commissions.anyAsset')}
          name="asset"
          {...form.getInputProps('asset')}
          onChange={(e) => form.setFieldValue('asset', e.currentTarget.value.toUpperCase())}
        />
        <Select
          label={t('fields.customer_type')}
          placeholder={t('commissions.anyType')}
          data={customerTypes.map((type) => ({ value: type.code, label: type.name }))}
          clearable
          name="customer_type"
          {...form.getInputProps('customer_type')}
          value={form.getValues().customer_type || null}
          onChange={(value) => form.setFieldValue('customer_type', value ?? '')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('fields.kind')}
          data={COMMISSION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          allowDeselect={false}
          name="kind"
          {...form.getInputProps('kind')}
        />
        <DecimalInput
          label={form.getValues().kind === 'percent' ? t('commissions.percent') : t('commissions.flat')}
          // A percentage is a small figure (0.25 is 0.25 %), not the amount the other fields show.
          placeholder={form.getValues().kind === 'percent' ? formatDecimal(locale, '0.25') : undefined}
          name="value"
          {...form.getInputProps('value')}
        />
        <DecimalInput label={t('fields.min_fee')} name="min_fee" {...form.getInputProps('min_fee')} />
        <DecimalInput label={t('fields.max_fee')} name="max_fee" {...form.getInputProps('max_fee')} />
      </SimpleGrid>
    </ModalForm>
  );
}

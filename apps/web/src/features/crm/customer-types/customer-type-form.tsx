import type { CustomerType } from '@backdesk/contract';
import { NumberInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DecimalInput,
  decimalInputText,
  ModalForm,
  useContractForm,
} from '../../../components/forms/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { percentSignFirst } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateCustomerType } from './customer-types-api.ts';

/** Edits a tier with the version it was loaded at; the discount is a percentage with two places. */
export function CustomerTypeForm({ tier, onClose }: { tier: CustomerType; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  const update = useUpdateCustomerType();
  const { form, failure, submit } = useContractForm({
    initialValues: {
      name: tier.name,
      description: tier.description,
      required_kyc_level: tier.required_kyc_level as number | string,
      commission_discount: decimalInputText(locale, tier.commission_discount),
    },
    schema: (c) => c.crmApi.UpdateCustomerTypeBodySchema,
    decimals: { commission_discount: () => 2 },
    toInput: (values) => ({
      ...values,
      code: tier.code,
      version: tier.version,
      required_kyc_level: values.required_kyc_level === '' ? undefined : Number(values.required_kyc_level),
    }),
    formats: { commission_discount: 'percentage' },
  });

  const onSubmit = submit(async (body) => {
    await update.mutateAsync(body);
    notify({ title: t('types.saved'), color: 'green' });
    onClose();
  });

  return (
    <ModalForm
      onClose={onClose}
      title={t('types.edit', { name: tier.name })}
      centered
      onSubmit={onSubmit}
      failure={failure}
      testId="customer-type-form"
      actions={{ submitLabel: t('common.save'), submitting: form.submitting }}
    >
      <TextInput label={t('types.name')} name="name" {...form.getInputProps('name')} />
      <Textarea
        label={t('types.description')}
        name="description"
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <NumberInput
        label={t('types.requiredKyc')}
        name="required_kyc_level"
        min={0}
        max={3}
        allowDecimal={false}
        {...form.getInputProps('required_kyc_level')}
      />
      <DecimalInput
        label={t('types.discount')}
        name="commission_discount"
        {...(percentSignFirst(locale) ? { leftSection: '%' } : { rightSection: '%' })}
        {...form.getInputProps('commission_discount')}
      />
    </ModalForm>
  );
}

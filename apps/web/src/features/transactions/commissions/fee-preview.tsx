import type { CommissionCustomerType, CommissionRule } from '@backdesk/contract';
import { COMMISSION_OPERATIONS, decimalsOf, quoteFee } from '@backdesk/contract/rules';
import { Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/forms/index.ts';
import { useAmount } from '../../../lib/amounts.ts';
import { issueText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatPercent, parseDecimal } from '../../../lib/locale-format.ts';

/** The fee the schedule charges, computed by the same function the server uses. */
export function FeePreview({
  rules,
  customerTypes,
}: {
  rules: CommissionRule[];
  customerTypes: CommissionCustomerType[];
}) {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  const formatAmount = useAmount();
  const [input, setInput] = useState({ operation: 'trade', asset: 'TRY', customer_type: '', amount: '1000' });
  const chosenType = customerTypes.find((type) => type.code === input.customer_type);
  // The amount as the member types it (tr 1.000,50); the fee is computed from its exact canonical text.
  const amount = parseDecimal(input.amount, locale, decimalsOf(input.asset));
  const quote =
    amount.ok && amount.value && input.asset
      ? quoteFee(rules, {
          ...input,
          amount: amount.value,
          customer_type: input.customer_type || null,
          discount: chosenType?.commission_discount,
        })
      : null;
  const set = (field: keyof typeof input) => (value: string | null) =>
    setInput((i) => ({ ...i, [field]: value ?? '' }));

  return (
    <Card withBorder radius="md" padding="lg" data-testid="fee-preview">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('commissions.previewTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            label={t('fields.operation')}
            data={COMMISSION_OPERATIONS.map((o) => ({ value: o, label: t(`operations.${o}`) }))}
            value={input.operation}
            onChange={set('operation')}
            allowDeselect={false}
          />
          <TextInput
            label={t('fields.asset')}
            value={input.asset}
            onChange={(e) => set('asset')(e.currentTarget.value.toUpperCase())}
          />
          <Select
            label={t('fields.customer_type')}
            placeholder={t('commissions.anyType')}
            data={customerTypes.map((type) => ({ value: type.code, label: type.name }))}
            value={input.customer_type || null}
            onChange={set('customer_type')}
            clearable
          />
          <DecimalInput
            label={t('fields.amount')}
            value={input.amount}
            onChange={set('amount')}
            error={
              amount.ok ? undefined : issueText({ path: 'amount', ...amount.issue, params: amount.issue })
            }
            name="preview_amount"
          />
        </SimpleGrid>
        {quote && (
          <Group gap="xs" data-testid="preview-fee" data-fee={quote.fee}>
            <Text fw={700} fz="lg">
              {formatAmount(quote.fee, input.asset)}
            </Text>
            <Text size="sm" c="dimmed">
              {quote.rule ? t('commissions.byRule', { id: quote.rule.id }) : t('commissions.noRule')}
            </Text>
            {quote.discount && (
              <Text size="sm" c="dimmed" data-testid="preview-discount">
                {t('commissions.discountApplied', {
                  discount: formatPercent(locale, quote.discount),
                  type: chosenType?.name ?? input.customer_type,
                })}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

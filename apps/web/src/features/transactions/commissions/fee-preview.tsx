import type { CommissionCustomerType, CommissionRule } from '@backdesk/contract';
import { amountIssue, COMMISSION_OPERATIONS, quoteFee } from '@backdesk/contract/rules';
import { Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language.ts';
import { formatDecimal } from '../shared/decimal-format.ts';
import { issueText } from '../shared/issue-text.ts';

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
  const [input, setInput] = useState({ operation: 'trade', asset: 'TRY', customer_type: '', amount: '1000' });
  const issue = input.amount ? amountIssue(input.amount, input.asset) : null;
  const quote =
    input.amount && input.asset && !issue
      ? quoteFee(rules, {
          ...input,
          customer_type: input.customer_type || null,
          discount: customerTypes.find((type) => type.code === input.customer_type)?.commission_discount,
        })
      : null;
  const set = (field: keyof typeof input) => (value: string | null) =>
    setInput((i) => ({ ...i, [field]: value ?? '' }));

  return (
    <Card withBorder radius="md" padding="lg" data-testid="fee-preview">
      <Stack gap="sm">
        <Title order={3} fz="lg">
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
            data={customerTypes.map((type) => type.code)}
            value={input.customer_type || null}
            onChange={set('customer_type')}
            clearable
          />
          <TextInput
            label={t('fields.amount')}
            inputMode="decimal"
            value={input.amount}
            onChange={(e) => set('amount')(e.currentTarget.value)}
            error={issue ? issueText(t, issue) : undefined}
            name="preview_amount"
          />
        </SimpleGrid>
        {quote && (
          <Group gap="xs" data-testid="preview-fee" data-fee={quote.fee}>
            <Text fw={700} fz="lg">
              {formatDecimal(locale, quote.fee)} {input.asset}
            </Text>
            <Text size="sm" c="dimmed">
              {quote.rule ? t('commissions.byRule', { id: quote.rule.id }) : t('commissions.noRule')}
            </Text>
            {quote.discount && (
              <Text size="sm" c="dimmed" data-testid="preview-discount">
                {t('commissions.discountApplied', {
                  discount: formatDecimal(locale, quote.discount),
                  type: input.customer_type,
                })}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

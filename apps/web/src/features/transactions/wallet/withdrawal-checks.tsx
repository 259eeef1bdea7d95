import type { WithdrawalCheck } from '@backdesk/contract';
import { isErrorCode } from '@backdesk/contract/error-codes';
import { Group, List, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAmount } from '../../../lib/amounts.ts';
import { codeText, errorText } from '../../../lib/errors.ts';
import { useWithdrawalChecks } from './wallet-transactions-api.ts';

/**
 * The restriction and limit checks an approval of this withdrawal runs, evaluated before the member
 * decides (docs/product-rules.md R15): pass or fail for each, and the refusal a failing one would give.
 */
export function WithdrawalChecks({ id, asset }: { id: number; asset: string }) {
  const { t } = useTranslation('transactions');
  const amount = useAmount();
  const checks = useWithdrawalChecks(id);
  if (checks.isPending) return <Loader size="xs" aria-label={t('review.checks.loading')} />;
  if (checks.isError)
    return (
      <Text size="sm" c="red">
        {t('review.checks.failed')}: {errorText(checks.error)}
      </Text>
    );
  const { lid, checks: items } = checks.data;
  const label = (c: WithdrawalCheck) =>
    c.check === 'restriction' || c.bound === null
      ? t(`review.checks.${c.check}${c.check === 'restriction' ? '' : 'None'}`)
      : t(`review.checks.${c.check}`, { bound: amount(c.bound, asset) });
  return (
    <div data-testid="withdrawal-checks">
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {t('review.checks.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {lid === null ? t('review.checks.noLimit') : t('review.checks.limit', { lid })}
        </Text>
      </Group>
      <List size="sm" spacing={2} center>
        {items.map((c) => (
          <List.Item
            key={c.check}
            data-check={c.check}
            data-passed={c.passed}
            icon={
              <ThemeIcon size={18} radius="xl" color={c.passed ? 'green' : 'red'} aria-hidden>
                {c.passed ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <Text span size="sm">
              {label(c)} — {t(c.passed ? 'review.checks.passed' : 'review.checks.fails')}
            </Text>
            {c.refusal && isErrorCode(c.refusal.code) && (
              <Text size="xs" c="red">
                {codeText(c.refusal.code, c.refusal.params)}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

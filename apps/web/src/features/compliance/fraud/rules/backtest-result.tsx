import type { fraudApi } from '@backdesk/contract';
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../../../components/customer-link.tsx';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDate } from '../../../../lib/locale-format.ts';

/** The current and the proposed setting's figures over the same span, and who the proposed one hits. */
export function BacktestResult({ result }: { result: fraudApi.BacktestResult }) {
  const { t } = useTranslation('fraudRules');
  const { locale } = useLanguage();
  const n = new Intl.NumberFormat(locale);
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  const figure = (label: string, f: fraudApi.BacktestFigures, testId: string) => (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={`${testId}-alerts`}>
        {t('rules.backtest.alerts', { count: f.alerts, n: n.format(f.alerts) })}
      </Text>
      <Text size="sm">{t('rules.backtest.customers', { count: f.customers, n: n.format(f.customers) })}</Text>
    </Paper>
  );
  return (
    <Stack gap="sm" data-testid="backtest-result">
      <Text size="sm" c="dimmed">
        {t('rules.backtest.span', {
          from: formatDate(locale, result.from),
          to: formatDate(locale, result.to),
        })}
      </Text>
      <SimpleGrid cols={2}>
        {figure(t('rules.backtest.current'), result.current, 'backtest-current')}
        {figure(t('rules.backtest.proposed'), result.proposed, 'backtest-proposed')}
      </SimpleGrid>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('rules.backtest.difference')}
        </Text>
        <Text size="sm" data-testid="backtest-difference">
          {signed.format(result.proposed.alerts - result.current.alerts)}
        </Text>
      </Group>
      {result.proposed.sample.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('rules.backtest.none')}
        </Alert>
      ) : (
        <Table striped withTableBorder verticalSpacing={4} captionSide="top" data-testid="backtest-customers">
          <Table.Caption>{t('rules.backtest.affected')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rules.backtest.customer')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('rules.backtest.alertsColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.proposed.sample.map((s) => (
              <Table.Tr key={s.customerId}>
                <Table.Td>
                  <CustomerLink id={s.customerId}>{s.userName || `#${s.customerId}`}</CustomerLink>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{n.format(s.alerts)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

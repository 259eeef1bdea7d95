import { Alert, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAmount } from '../../../lib/amounts.ts';
import { errorText } from '../../../lib/errors.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../shared/decimal-format.ts';
import { WALLET_STATUS_COLOR } from '../wallet/wallet-status.ts';
import { useTransactionsOverview } from './overview-api.ts';

export function TransactionsOverviewPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const overview = useTransactionsOverview();
  const data = overview.data;
  const countsByType = new Map<string, number>();
  for (const row of data?.last24h ?? [])
    countsByType.set(row.type, (countsByType.get(row.type) ?? 0) + row.count);

  return (
    <>
      <PageHeader title={t('common:pages.transactions')} description={t('overview.subtitle')} />
      {overview.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('errors.loadFailed')}
          mb="md"
        >
          {errorText(overview.error)}
        </Alert>
      )}
      <Stack gap="lg" {...contentReady(data !== undefined)}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
          <Card
            withBorder
            radius="md"
            padding="lg"
            renderRoot={(props) => (
              <Link
                {...props}
                to="/transactions/wallet-transactions"
                search={{ sort: 'created_at', dir: 'asc', type: 'withdrawal', status: 'under_review' }}
              />
            )}
            data-testid="awaiting-review"
          >
            <Text size="sm" c="dimmed">
              {t('overview.awaitingReview')}
            </Text>
            <Title order={2}>
              {data ? formatInteger(locale, data.withdrawalsAwaitingReview.count) : '…'}
            </Title>
            {data?.withdrawalsAwaitingReview.oldestAt && (
              <Group gap={4} mt={4}>
                <IconClock size={14} />
                <Text size="xs" c="dimmed">
                  {t('overview.oldest', {
                    time: formatDateTime(locale, data.withdrawalsAwaitingReview.oldestAt),
                  })}
                </Text>
              </Group>
            )}
          </Card>
          {(['deposit', 'withdrawal', 'transfer', 'fee'] as const).map((type) => (
            <Card key={type} withBorder radius="md" padding="lg">
              <Text size="sm" c="dimmed">
                {t('overview.countOf', { type: t(`walletType.${type}`) })}
              </Text>
              <Title order={2}>{data ? formatInteger(locale, countsByType.get(type) ?? 0) : '…'}</Title>
            </Card>
          ))}
        </SimpleGrid>
        <Card withBorder radius="md" padding={0}>
          <Title order={3} fz="lg" p="md" pb={0}>
            {t('overview.last24h')}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" data-testid="overview-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.type')}</Table.Th>
                  <Table.Th>{t('fields.status')}</Table.Th>
                  <Table.Th>{t('fields.asset')}</Table.Th>
                  <Table.Th ta="right">{t('overview.count')}</Table.Th>
                  <Table.Th ta="right">{t('overview.volume')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.last24h ?? []).map((row) => (
                  <Table.Tr key={`${row.type}-${row.status}-${row.asset}`}>
                    <Table.Td>
                      {t(`walletType.${row.type}` as 'walletType.deposit', { defaultValue: row.type })}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={WALLET_STATUS_COLOR[row.status] ?? 'gray'}>
                        {t(`walletStatus.${row.status}` as 'walletStatus.pending', {
                          defaultValue: row.status,
                        })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.asset}</Table.Td>
                    <Table.Td ta="right">{formatInteger(locale, row.count)}</Table.Td>
                    <Table.Td ta="right">{amount(row.volume, row.asset)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data && data.last24h.length === 0 && (
            <Text c="dimmed" ta="center" p="xl">
              {t('overview.none')}
            </Text>
          )}
        </Card>
      </Stack>
    </>
  );
}

import { ActionIcon, Alert, Button, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconBuildingBank,
  IconGauge,
  IconRefresh,
  IconUserPlus,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatInteger, formatTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useDashboardKpis } from '../api/get-dashboard-kpis.ts';
import { GrowthBadge } from './growth-badge.tsx';
import { KpiCard } from './kpi-card.tsx';

/** The figures shown as a plain count: each card's test id and the field (and label key) it shows. */
const COUNTS = [
  { testId: 'pending-trades', field: 'pendingTrades', icon: IconArrowsExchange },
  { testId: 'active-offers', field: 'activeOffers', icon: IconBuildingBank },
  { testId: 'transaction-limits', field: 'transactionLimits', icon: IconGauge },
  { testId: 'withdrawals-review', field: 'withdrawalsAwaitingReview', icon: IconWallet },
] as const;

export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { locale } = useLanguage();
  const { data, isError, refetch, isFetching } = useDashboardKpis();
  const count = (value: number | undefined) =>
    value === undefined ? undefined : formatInteger(locale, value);

  return (
    <>
      <PageHeader
        title={t('common:pages.dashboard')}
        description={data ? t('updatedAt', { time: formatTime(locale, data.generatedAt) }) : t('subtitle')}
        actions={
          <Tooltip label={t('refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => void refetch()}
              loading={isFetching}
              aria-label={t('refresh')}
            >
              <IconRefresh size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        }
      />
      {isError && !data ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('error.title')}>
          <Group justify="flex-end">
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              {t('error.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" data-testid="kpis">
          <KpiCard
            testId="customers"
            label={t('kpi.customers')}
            icon={IconUsers}
            value={count(data?.customers.total)}
            badge={
              data && (
                <GrowthBadge
                  percent={data.customers.growthPercent}
                  locale={locale}
                  emptyLabel={t('kpi.noComparison')}
                />
              )
            }
            hint={data?.customers.growthPercent === null ? t('kpi.noComparison') : t('kpi.growthHint')}
          />
          <KpiCard
            testId="new-customers"
            label={t('kpi.newCustomers')}
            icon={IconUserPlus}
            value={count(data?.customers.newLast30Days)}
            hint={t('kpi.newCustomersHint', { previous: count(data?.customers.newPrevious30Days) ?? '' })}
          />
          {COUNTS.map(({ testId, field, icon }) => (
            <KpiCard
              key={testId}
              testId={testId}
              label={t(`kpi.${field}`)}
              icon={icon}
              value={count(data?.[field])}
            />
          ))}
        </SimpleGrid>
      )}
      {isError && data && (
        <Text size="xs" c="red" mt="sm">
          {t('error.title')}
        </Text>
      )}
    </>
  );
}

import { ActionIcon, Alert, Button, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconBuildingBank,
  IconCashBanknote,
  IconGauge,
  IconId,
  IconRefresh,
  IconUserPlus,
  IconUsers,
  IconWallet,
  IconWalletOff,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../components/content-ready.ts';
import { KpiCard } from '../../components/kpi-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAmount } from '../../lib/amounts.ts';
import { formatInteger, formatTime } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import { useDashboardKpis } from './get-dashboard-kpis.ts';
import { GrowthBadge } from './growth-badge.tsx';

/** The figures shown as a plain count: each card's test id and the field (and label key) it shows. */
const COUNTS = [
  { testId: 'pending-kyc', field: 'pendingKyc', icon: IconId, href: '/compliance/kyc-manage' },
  {
    testId: 'withdrawals-review',
    field: 'withdrawalsAwaitingReview',
    icon: IconWallet,
    href: '/transactions/wallet-transactions?type=withdrawal&status=under_review',
  },
  {
    testId: 'active-offers',
    field: 'activeOffers',
    icon: IconBuildingBank,
    href: '/transactions/active-p2p?status=active',
  },
  {
    testId: 'pending-trades',
    field: 'pendingTrades',
    icon: IconArrowsExchange,
    href: '/transactions/pending-p2p?status=pending',
  },
  { testId: 'transaction-limits', field: 'transactionLimits', icon: IconGauge, href: '/transactions/limits' },
] as const;

/**
 * What other areas show on the dashboard, passed in by its route: a feature never imports another
 * (apps/web/README.md).
 */
export interface DashboardSlots {
  /** The open fraud alerts KPI, worded by the fraud area. */
  OpenAlertsKpi: ComponentType<{ value: string | undefined }>;
  /** The reports area's charts. */
  charts: ReactNode;
  /** The member's open work, from the inbox. */
  openWork: ReactNode;
}

export function DashboardPage({ OpenAlertsKpi, charts, openWork }: DashboardSlots) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const { data, isError, refetch, isFetching } = useDashboardKpis();
  const count = (value: number | undefined) =>
    value === undefined ? undefined : formatInteger(locale, value);
  const money = (value: string | undefined) =>
    value === undefined ? undefined : amount(value, data?.volume24h.currency);
  const unpricedHint = data?.volume24h.unpriced
    ? t('kpi.unpriced', { count: data.volume24h.unpriced })
    : t('kpi.volumeHint');

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
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="md"
          data-testid="kpis"
          {...contentReady(data !== undefined)}
        >
          <KpiCard
            testId="customers"
            href="/crm/customers"
            label={t('kpi.customers')}
            icon={IconUsers}
            value={count(data?.customers.total)}
            hint={t('kpi.customersHint')}
          />
          <KpiCard
            testId="new-customers"
            href="/reports/customers"
            label={t('kpi.newCustomers')}
            icon={IconUserPlus}
            value={count(data?.customers.newLast30Days)}
            // The growth is of sign-ups, this card's figure (R28), not of the customer total.
            badge={
              data && (
                <GrowthBadge
                  percent={data.customers.growthPercent}
                  locale={locale}
                  emptyLabel={t('kpi.noComparison')}
                />
              )
            }
            hint={t('kpi.newCustomersHint', { previous: count(data?.customers.newPrevious30Days) ?? '' })}
          />
          {COUNTS.map(({ testId, field, icon, href }) => (
            <KpiCard
              key={testId}
              testId={testId}
              href={href}
              label={t(`kpi.${field}`)}
              icon={icon}
              value={count(data?.[field])}
            />
          ))}
          <OpenAlertsKpi value={count(data?.openFraudAlerts)} />
          <KpiCard
            testId="deposits-24h"
            href="/transactions/wallet-transactions?type=deposit&status=completed"
            label={t('kpi.deposits24h')}
            icon={IconCashBanknote}
            value={money(data?.volume24h.deposits)}
            hint={unpricedHint}
          />
          <KpiCard
            testId="withdrawals-24h"
            href="/transactions/wallet-transactions?type=withdrawal&status=completed"
            label={t('kpi.withdrawals24h')}
            icon={IconWalletOff}
            value={money(data?.volume24h.withdrawals)}
            hint={unpricedHint}
          />
        </SimpleGrid>
      )}
      {charts}
      {openWork}
      {isError && data && (
        <Text size="xs" c="red" mt="sm">
          {t('error.title')}
        </Text>
      )}
    </>
  );
}

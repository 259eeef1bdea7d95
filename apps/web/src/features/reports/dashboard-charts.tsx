import '@mantine/charts/styles.css';
import { REPORTING_CURRENCY } from '@backdesk/contract/reports/keys';
import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../components/content-ready.ts';
import { useAmount } from '../../lib/amounts.ts';
import { formatAxisTick } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDecimal } from '../../lib/locale-format.ts';
import { browserTimeZone, presetRange, todayIn } from './report-search.ts';
import { Decimal, drawn as drawnFigure } from './report-view.ts';
import { useReport } from './reports-api.ts';
import { SeriesLegend } from './series-legend.tsx';

const drawn = (value: string | null | undefined) => drawnFigure(value) ?? 0;

/** Sign-ups and money moved per day over the last 30 days, in the browser's zone, from the reports. */
export function DashboardCharts() {
  const { t } = useTranslation('dashboard');
  const { locale } = useLanguage();
  const tz = browserTimeZone();
  const query = { ...presetRange('30d', todayIn(tz)), tz, groupBy: 'day' };
  const signups = useReport('customers', query);
  const money = useReport('financial', query);
  const day = (d: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${d}T00:00:00Z`),
    );
  const amount = useAmount();
  const usd = (v: number) => amount(new Decimal(v).toFixed(), REPORTING_CURRENCY);
  const volumeSeries = [
    { name: 'deposits', label: t('charts.deposits'), color: 'blue.6' },
    { name: 'withdrawals', label: t('charts.withdrawals'), color: 'orange.6' },
  ];

  return (
    <SimpleGrid
      cols={{ base: 1, lg: 2 }}
      spacing="md"
      mt="md"
      data-testid="dashboard-charts"
      {...contentReady(signups.data !== undefined && money.data !== undefined)}
    >
      <Paper withBorder p="md" radius="md">
        <Text fw={600} size="sm" mb="sm" component={Link} to="/reports/customers" td="none" c="inherit">
          {t('charts.signups')}
        </Text>
        <AreaChart
          h={220}
          dataKey="day"
          data={(signups.data?.periods ?? []).map((p) => ({
            day: day(p.start),
            signups: drawn(p.values.individual) + drawn(p.values.business),
          }))}
          series={[{ name: 'signups', label: t('charts.signupsSeries'), color: 'teal.6' }]}
          curveType="linear"
          valueFormatter={(v) => formatDecimal(locale, String(v))}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text fw={600} size="sm" mb="sm" component={Link} to="/reports/financial" td="none" c="inherit">
          {t('charts.volume')}
        </Text>
        <SeriesLegend series={volumeSeries} />
        <BarChart
          h={190}
          dataKey="day"
          data={(money.data?.periods ?? []).map((p) => ({
            day: day(p.start),
            deposits: drawn(p.values.deposits_value),
            withdrawals: drawn(p.values.withdrawals_value),
          }))}
          series={volumeSeries}
          valueFormatter={usd}
          yAxisProps={{ tickFormatter: (value: number) => formatAxisTick(locale, value) }}
        />
      </Paper>
    </SimpleGrid>
  );
}

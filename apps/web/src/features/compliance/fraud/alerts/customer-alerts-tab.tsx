import type { fraudApi } from '@backdesk/contract';
import { Alert, Anchor, Badge, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/errors.ts';
import { formatInteger } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { LinkedCustomers } from './alert-drawer.tsx';
import { useCustomerAlerts, useCustomerOpenAlerts } from './alerts-api.ts';
import { AlertStatusBadge, SeverityBadge } from './badges.tsx';

type AlertRow = fraudApi.FraudAlertRow;

/** The customer page's "Alerts" tab: their latest alerts (each opens in fraud check) and linked customers. */
export function CustomerAlertsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const { locale } = useLanguage();
  const alerts = useCustomerAlerts(customerId);
  const columns: DataTableColumn<AlertRow>[] = [
    {
      accessor: 'id',
      title: t('columns.id'),
      noWrap: true,
      render: (a) => (
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/compliance/fraud-check" search={{ alert: String(a.id) } as never} />
          )}
        >
          #{a.id}
        </Anchor>
      ),
    },
    { accessor: 'rule_code', title: t('columns.rule'), render: (a) => t(`fraud:rules.${a.rule_code}`) },
    {
      accessor: 'severity',
      title: t('columns.severity'),
      render: (a) => <SeverityBadge severity={a.severity} />,
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      render: (a) => <AlertStatusBadge status={a.status} outcome={a.outcome} />,
    },
    {
      accessor: 'raised_at',
      title: t('columns.raised'),
      noWrap: true,
      render: (a) => formatDateTime(locale, a.raised_at),
    },
    { accessor: 'assignee', title: t('columns.assignee'), render: (a) => a.assignee?.display_name ?? '—' },
  ];
  return (
    <Stack gap="md" data-testid="customer-alerts-tab">
      <Card withBorder padding="sm">
        <Title order={3} size="h5" mb="xs">
          {t('customerTab.title')}
        </Title>
        {alerts.error ? (
          <Alert color="red">{errorText(alerts.error)}</Alert>
        ) : !alerts.data ? (
          <Center h={80}>
            <Loader size="sm" aria-label={t('drawer.loading')} />
          </Center>
        ) : alerts.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('customerTab.empty')}
          </Text>
        ) : (
          <>
            <DataTable
              records={alerts.data.items}
              columns={columns}
              idAccessor="id"
              withTableBorder={false}
            />
            <Anchor
              size="sm"
              mt="xs"
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/compliance/fraud-check"
                  search={{ customer: String(customerId) } as never}
                />
              )}
            >
              {t('customerTab.more')}
            </Anchor>
          </>
        )}
      </Card>
      <LinkedCustomers customerId={customerId} />
    </Stack>
  );
}

/**
 * The customer page header's alert figure: how many of their alerts are still open, linking to them
 * in fraud check; nothing while counting or when there are none.
 */
export function CustomerAlertsGlance({ customerId }: { customerId: number }) {
  const { t, ready } = useTranslation('fraudAlerts');
  const { locale } = useLanguage();
  const open = useCustomerOpenAlerts(customerId);
  // Drawn once its texts have loaded too: the header may come before this area's namespace.
  if (!open || !ready) return null;
  return (
    <Badge
      color="orange"
      variant="light"
      tt="none"
      data-testid="glance-alerts"
      renderRoot={(props) => (
        <Link {...props} to="/compliance/fraud-check" search={{ customer: String(customerId) } as never} />
      )}
    >
      {t('customerTab.open', { count: open, formatted: formatInteger(locale, open) })}
    </Badge>
  );
}

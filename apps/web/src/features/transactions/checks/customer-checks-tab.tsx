import type { RealtimeCheck } from '@backdesk/contract';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  CheckDecisionBadge,
  CheckReasons,
  useRealtimeChecks,
} from '../../../components/realtime-checks/index.ts';
import { useAmount } from '../../../lib/amounts.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { CheckReviewLink } from './review-link.tsx';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The customer page's "Real-time checks" tab: the exchange's latest checks of this customer. */
export function CustomerChecksTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const checks = useRealtimeChecks({ customerId, limit: 20 });
  if (checks.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('checks.loading')} />
      </Center>
    );
  if (checks.isError)
    return (
      <Text c="red" py="md">
        {t('checks.failed')}: {errorText(checks.error)}
      </Text>
    );
  const columns: DataTableColumn<RealtimeCheck>[] = [
    {
      accessor: 'evaluated_at',
      title: t('checks.columns.evaluatedAt'),
      noWrap: true,
      render: (r) => formatDateTime(locale, r.evaluated_at),
    },
    { accessor: 'kind', title: t('checks.columns.kind'), render: (r) => t(`checks.kinds.${r.kind}`) },
    {
      accessor: 'amount',
      title: t('checks.columns.amount'),
      noWrap: true,
      textAlign: 'right',
      render: (r) => amount(text(r.input.amount), text(r.input.asset) || null),
    },
    {
      accessor: 'decision',
      title: t('checks.columns.decision'),
      render: (r) => <CheckDecisionBadge decision={r.decision} />,
    },
    {
      accessor: 'reasons',
      title: t('checks.columns.reasons'),
      render: (r) => <CheckReasons reasons={r.reasons} />,
    },
    {
      accessor: 'wallet_transaction_id',
      title: t('checks.columns.review'),
      noWrap: true,
      render: (r) => <CheckReviewLink walletTransactionId={r.wallet_transaction_id} />,
    },
  ];
  return (
    <Stack data-testid="customer-realtime-checks">
      {checks.data.items.length ? (
        <DataTable<RealtimeCheck>
          withTableBorder
          borderRadius="md"
          records={checks.data.items}
          columns={columns}
        />
      ) : (
        <Text c="dimmed" py="md">
          {t('checks.customerEmpty')}
        </Text>
      )}
    </Stack>
  );
}

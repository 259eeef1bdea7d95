import { Card, SimpleGrid, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAmount } from '../../../lib/amounts.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useAssetTotals } from '../shared/crm-lists-api.ts';
import { userAssetsList } from './user-assets-columns.tsx';

/** Platform totals per asset under the list's filters, above the balances themselves. */
export function UserAssetsPage() {
  const { t } = useTranslation(['crm', 'common']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const navigate = useNavigate();
  const { search } = useListSearch();
  const totals = useAssetTotals(userAssetsList.source.filters(search));
  return (
    <>
      <PageHeader title={t('common:pages.userAssets')} description={t('assets.subtitle')} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md" data-testid="asset-totals">
        {(totals.data?.items ?? []).map((x) => (
          <Card key={x.asset} withBorder padding="sm" radius="md">
            <Text size="xs" c="dimmed" fw={600}>
              {x.asset}
            </Text>
            <Text fw={600} ff="monospace" size="sm">
              {amount(x.available, x.asset)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('assets.lockedTotal', { amount: amount(x.locked, x.asset) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('assets.holders', { count: x.holders, formatted: formatInteger(locale, x.holders) })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <ListPage
        list={userAssetsList}
        onRowOpen={(r) =>
          void navigate({ to: '/crm/customers/$customerId', params: { customerId: r.customer_id } })
        }
      />
    </>
  );
}

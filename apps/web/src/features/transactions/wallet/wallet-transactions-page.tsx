import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { WalletTransactionDrawer } from './wallet-transaction-drawer.tsx';
import { walletTransactionsList } from './wallet-transactions-columns.tsx';

/** The list; a row opens its detail in a drawer whose id is in the URL, so a link to one works. */
export function WalletTransactionsPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const { search, set } = useListSearch();
  const id = Number(search.id) || undefined;
  return (
    <>
      <PageHeader title={t('common:pages.walletTransactions')} description={t('wallet.subtitle')} />
      <ListPage list={walletTransactionsList} onRowOpen={(row) => set({ id: String(row.id) })} />
      <WalletTransactionDrawer id={id} onClose={() => set({ id: undefined })} />
    </>
  );
}

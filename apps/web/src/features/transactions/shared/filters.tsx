import { useTranslation } from 'react-i18next';
import { type ListFiltersProps, TextFilter } from '../../../components/list-page/index.ts';

/** The amount range a wallet or P2P list filters by, typed as the server reads it. */
export function AmountRangeFilters({ filter, width }: Pick<ListFiltersProps, 'filter'> & { width: number }) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <TextFilter {...filter('minAmount')} label={t('filters.minAmount')} width={width} />
      <TextFilter {...filter('maxAmount')} label={t('filters.maxAmount')} width={width} />
    </>
  );
}

/** The seller and contract an offer or trade list filters by. */
export function SellerContractFilters({ filter }: Pick<ListFiltersProps, 'filter'>) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <TextFilter {...filter('seller')} label={t('fields.seller')} />
      <TextFilter {...filter('contract')} label={t('fields.contract_name')} width={140} />
    </>
  );
}

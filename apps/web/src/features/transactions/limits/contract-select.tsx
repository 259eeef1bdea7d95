import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAssetCatalogue } from '../../../lib/amounts.ts';

/** The contract names of the exchange's asset catalogue (R14's names: "USDT-TRC20", "BTC"). */
function useCatalogueContracts() {
  const catalogue = useAssetCatalogue();
  return {
    data: catalogue.data ? [...new Set(catalogue.data.assets.map((a) => a.contract_name))] : undefined,
  };
}

/**
 * A contract chosen from the catalogue, not typed; "any contract" is the empty choice. A name the
 * catalogue no longer holds (an older limit's) stays offered, so editing never drops it silently.
 */
export function ContractSelect({
  value,
  onChange,
  extra = [],
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** Names offered beside the catalogue's: those the limits already use. */
  extra?: readonly (string | null)[];
}) {
  const { t } = useTranslation('transactions');
  const contracts = useCatalogueContracts();
  const names = [...new Set([...(contracts.data ?? []), ...extra.filter((n): n is string => !!n), value])]
    .filter(Boolean)
    .sort();
  return (
    <Select
      searchable
      clearable
      placeholder={t('limits.anyContractChoice')}
      nothingFoundMessage={t('limits.noContract')}
      data={names}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      {...props}
    />
  );
}

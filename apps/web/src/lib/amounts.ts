import * as transactionsRoutes from '@backdesk/contract/routes/transactions';
import { formatAmount } from '@backdesk/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { rememberCatalogue } from './amount-text.ts';
import { callEndpoint } from './api.ts';
import { transactionsRef } from './contract.ts';
import { useLanguage } from './language.ts';

const assetsEndpoint = transactionsRef(transactionsRoutes.listAssets);

/** The exchange's asset catalogue, read once and shared by the forms and every amount shown. */
export function useAssetCatalogue() {
  return useQuery({
    queryKey: ['transactions', 'assets'],
    queryFn: () => callEndpoint(assetsEndpoint, {}),
    staleTime: 5 * 60_000,
  });
}

export type AmountFormat = (
  value: string | null | undefined,
  asset: string | null | undefined,
  withCode?: boolean,
) => string;

/**
 * The amount formatter of the screens: `amount(value, asset)` gives "300,000.00 TRY" at the asset's
 * precision (the catalogue's), grouped for the member's locale, the asset (or contract) after it.
 * It changes when the catalogue arrives, so what uses it shows the catalogue's precision.
 */
export function useAmount(): AmountFormat {
  const { locale } = useLanguage();
  const { data } = useAssetCatalogue();
  const catalogue = rememberCatalogue(data?.assets ?? NO_ASSETS);
  return useCallback(
    (value, asset, withCode) => formatAmount(locale, value, asset, catalogue, withCode),
    [locale, catalogue],
  );
}

const NO_ASSETS: [] = [];

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The asset catalogue the exchange sends (decision 0025, ingestion): what a form offers instead of
 * free text, and the places an amount of each asset is shown with.
 */
export const CatalogueAssetSchema = z.object({
  asset: z.string(),
  network: z.string(),
  name: z.string().nullable(),
  /** Digits after the point an amount of this asset carries. */
  precision: z.number().int(),
  is_fiat: z.boolean(),
  /** The name limits and P2P offers give it ("USDT-TRC20", "BTC"; docs/product-rules.md R14). */
  contract_name: z.string(),
});
export type CatalogueAsset = z.infer<typeof CatalogueAssetSchema>;

export const listAssets = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/assets',
  summary: 'The asset catalogue: every asset and network the exchange sent, with its precision',
  tags: ['transactions'],
  access: 'read',
  response: z.object({ assets: z.array(CatalogueAssetSchema) }),
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LIST_EXPORT_FILE } from '../file-types.ts';
import {
  DecimalStringSchema,
  ExportFormatSchema,
  listQuerySchema,
  pageSchema,
  QueryIdSchema,
} from '../list.ts';
import { optionalFilter } from './fields.ts';
import { ASSET_SORT_KEYS } from './keys.ts';

export const UserAssetSchema = z.object({
  customer_id: z.number().int(),
  user_name: z.string(),
  asset: z.string(),
  available: DecimalStringSchema,
  locked: DecimalStringSchema,
  updated_at: z.string(),
});
export type UserAsset = z.infer<typeof UserAssetSchema>;

const UserAssetFilters = {
  /** Part of the customer's user name. */
  customer: optionalFilter(),
  customerId: QueryIdSchema.optional(),
  asset: optionalFilter(20),
};

export const UserAssetsQuerySchema = listQuerySchema(ASSET_SORT_KEYS, 'available')
  .extend(UserAssetFilters)
  .extend({ dir: z.enum(['asc', 'desc']).default('desc') });
export type UserAssetsQuery = z.input<typeof UserAssetsQuerySchema>;

export const listUserAssets = defineEndpoint({
  method: 'GET',
  path: '/api/user-assets',
  summary: 'Balances per customer and asset',
  tags: ['crm'],
  access: 'read',
  query: UserAssetsQuerySchema,
  response: pageSchema(UserAssetSchema),
});

export const AssetTotalSchema = z.object({
  asset: z.string(),
  available: DecimalStringSchema,
  locked: DecimalStringSchema,
  holders: z.number().int(),
});
export type AssetTotal = z.infer<typeof AssetTotalSchema>;

export const getAssetTotals = defineEndpoint({
  method: 'GET',
  path: '/api/user-assets/totals',
  summary: 'Platform-wide totals per asset (exact sums), under the same filters',
  tags: ['crm'],
  access: 'read',
  query: z.object(UserAssetFilters),
  response: z.object({ items: z.array(AssetTotalSchema) }),
});

export const exportUserAssets = defineEndpoint({
  method: 'GET',
  path: '/api/user-assets/export',
  summary: 'Balances matching the filters, as CSV or XLSX (streamed)',
  tags: ['crm'],
  access: 'exportPersonal',
  file: LIST_EXPORT_FILE,
  query: UserAssetsQuerySchema.omit({ cursor: true, limit: true }).extend({ format: ExportFormatSchema }),
  response: z.unknown(),
});

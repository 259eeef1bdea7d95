import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** How many saved filters one member keeps per list: a preference, not a data store. */
export const MAX_SAVED_VIEWS_PER_LIST = 50;

/**
 * Every list of the web app's list kit, by its key: saved filters and the column choice are kept
 * under it. A key outside this set names no list, so a view saved under it could never be shown.
 */
export const LIST_KEYS = [
  'crm.customers',
  'crm.customer-types',
  'crm.kyc',
  'crm.restrictions',
  'crm.user-assets',
  'transactions.wallet',
  'transactions.checks',
  'transactions.commissions',
  'transactions.limits',
  'transactions.offers',
  'transactions.trades',
  'compliance.documents',
  'compliance.queue',
  'compliance.travel-rule',
  'compliance.vasps',
  'compliance.self-hosted',
  'fraud.alerts',
  'fraud.cases',
  'fraud.blocklist',
  'fraud.runs',
  'logs.access',
  'logs.audit',
  'settings.integration-calls',
  'inbox.items',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** A list's key, as the web app's list kit names it: "crm.customers", "transactions.wallet". */
export const SavedViewListSchema = z.enum(LIST_KEYS);

/**
 * The list's URL search (filters, sort, page size), as text: the list validates it again when the
 * view is applied, exactly like a link someone typed, so a stale view can never break a page.
 */
export const SavedViewSearchSchema = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/), z.string().max(1024))
  .refine((search) => Object.keys(search).length <= 30, 'At most 30 parameters');

export const SavedViewSchema = z.object({
  id: z.number().int(),
  list: z.string(),
  name: z.string(),
  search: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const listSavedViews = defineEndpoint({
  method: 'GET',
  path: '/api/saved-views',
  summary: "The signed-in member's saved filters of one list, by name",
  tags: ['saved-views'],
  access: 'read',
  query: z.object({ list: SavedViewListSchema }),
  response: z.object({ items: z.array(SavedViewSchema) }),
});

export const SaveViewBodySchema = z.object({
  list: SavedViewListSchema,
  name: z.string().trim().min(1).max(60),
  search: SavedViewSearchSchema,
});
export type SaveViewBody = z.input<typeof SaveViewBodySchema>;

export const saveView = defineEndpoint({
  method: 'POST',
  path: '/api/saved-views/save',
  summary: 'Saves the current filters of a list under a name; the same name again replaces them',
  tags: ['saved-views'],
  access: 'read',
  errors: ['SAVED_VIEWS_FULL'],
  body: SaveViewBodySchema,
  response: z.object({ item: SavedViewSchema }),
});

export const deleteSavedView = defineEndpoint({
  method: 'POST',
  path: '/api/saved-views/delete',
  summary: "Deletes one of the member's own saved filters",
  tags: ['saved-views'],
  access: 'read',
  errors: ['SAVED_VIEW_NOT_FOUND'],
  body: z.object({ id: z.number().int().positive() }),
  response: z.object({ success: z.literal(true) }),
});

// The internal blocklist: addresses, IPs, devices, emails and phones the engine raises alerts on.
import { z } from 'zod';
import { optionalFilter } from '../crm/fields.ts';
import { defineEndpoint } from '../endpoint.ts';
import { LIST_EXPORT_FILE } from '../file-types.ts';
import { ExportFormatSchema, listQuerySchema, pageSchema, VersionSchema } from '../list.ts';
import { BLOCKLIST_KINDS, type BlocklistKind } from './keys.ts';

export const BLOCKLIST_STATES = ['active', 'removed'] as const;
export type BlocklistState = (typeof BLOCKLIST_STATES)[number];
export const BLOCKLIST_SORT_KEYS = ['created_at', 'kind', 'value'] as const;
/** The CSV an import reads and an export writes, in this order. */
export const BLOCKLIST_CSV_COLUMNS = ['kind', 'value', 'network', 'reason', 'source'] as const;
/** The largest import file, in bytes (a few thousand entries). */
export const BLOCKLIST_IMPORT_MAX_BYTES = 512 * 1024;
/** The days of history a new entry is rescanned over. */
export const BLOCKLIST_RESCAN_DAYS = 90;

const EVM_ADDRESS = /^0x[0-9a-f]{40}$/i;
const ADDRESS = /^[A-Za-z0-9:._-]{10,128}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const DEVICE = /^[\x21-\x7e]{1,200}$/;
const EMAIL = z.email();
const NETWORK = /^[A-Z0-9_-]{2,30}$/;

/** An IPv6 address in its canonical text (lower case, zeros compressed), or undefined if it is none. */
function canonicalIpv6(value: string): string | undefined {
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return undefined;
  try {
    return new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/**
 * A value as the blocklist stores it, so the engine matches by equality (R46): an address trimmed,
 * EVM 0x… lower-cased (other chains are case-sensitive and keep theirs), an IP in canonical form, an
 * email lower-cased, a phone as its digits. Undefined when the value is not one of its kind.
 */
export function normaliseBlocklistValue(kind: BlocklistKind, raw: string): string | undefined {
  const value = raw.trim();
  switch (kind) {
    case 'address':
      if (EVM_ADDRESS.test(value)) return value.toLowerCase();
      return ADDRESS.test(value) ? value : undefined;
    case 'ip':
      return IPV4.test(value) ? value : canonicalIpv6(value);
    case 'device':
      return DEVICE.test(value) ? value : undefined;
    case 'email': {
      const lower = value.toLowerCase();
      return value.length <= 254 && EMAIL.safeParse(lower).success ? lower : undefined;
    }
    case 'phone': {
      if (!/^\+?[\d\s().-]+$/.test(value)) return undefined;
      const digits = value.replace(/\D/g, '');
      return digits.length >= 7 && digits.length <= 15 ? digits : undefined;
    }
  }
}

/** A network as stored: upper case ("erc20" is ERC20); undefined if it is not a network's name. */
export function normaliseNetwork(raw: string): string | undefined {
  const value = raw.trim().toUpperCase();
  return NETWORK.test(value) ? value : undefined;
}

export const BlocklistEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLOCKLIST_KINDS),
  value: z.string(),
  network: z.string().nullable(),
  reason: z.string(),
  source: z.string(),
  state: z.enum(BLOCKLIST_STATES),
  created_by: z.string().nullable(),
  created_at: z.string(),
  removed_by: z.string().nullable(),
  removed_at: z.string().nullable(),
  version: z.number().int(),
});
export type BlocklistEntry = z.infer<typeof BlocklistEntrySchema>;

const blocklistFilters = {
  kind: z.enum(BLOCKLIST_KINDS).optional(),
  state: z.enum(BLOCKLIST_STATES).optional(),
  /** Part of the value. */
  value: optionalFilter(200),
  network: optionalFilter(30),
};

export const BlocklistQuerySchema = listQuerySchema(BLOCKLIST_SORT_KEYS, 'created_at').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  ...blocklistFilters,
});
export type BlocklistQuery = z.input<typeof BlocklistQuerySchema>;

export const listBlocklist = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/blocklist',
  summary: 'Blocklist entries, filtered by kind, value, network and state',
  tags: ['compliance'],
  access: 'read',
  query: BlocklistQuerySchema,
  response: pageSchema(BlocklistEntrySchema),
});

export const exportBlocklist = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/blocklist/export',
  summary: 'The filtered entries as CSV or XLSX, in the columns an import reads',
  tags: ['compliance'],
  // Emails and phones are personal data.
  access: 'exportPersonal',
  file: LIST_EXPORT_FILE,
  query: z.object({
    ...blocklistFilters,
    sort: z.enum(BLOCKLIST_SORT_KEYS).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    format: ExportFormatSchema.default('csv'),
  }),
  response: z.unknown(),
});

const text = (max: number) => z.string().trim().min(1).max(max);

export const AddBlocklistEntryBodySchema = z
  .strictObject({
    kind: z.enum(BLOCKLIST_KINDS),
    value: z.string().max(300),
    network: z.string().max(30).optional(),
    reason: z.string().trim().min(3).max(500),
    source: text(100).default('manual'),
  })
  .superRefine((b, ctx) => {
    if (normaliseBlocklistValue(b.kind, b.value) === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Not a valid ${b.kind}`,
        params: { rule: `blocklist_${b.kind}` },
      });
    if (b.network?.trim()) {
      if (b.kind !== 'address')
        ctx.addIssue({
          code: 'custom',
          path: ['network'],
          message: 'Only an address has a network',
          params: { rule: 'blocklist_network_kind' },
        });
      else if (normaliseNetwork(b.network) === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['network'],
          message: 'Not a network name',
          params: { rule: 'blocklist_network' },
        });
    }
  });
export type AddBlocklistEntryBody = z.input<typeof AddBlocklistEntryBodySchema>;

const EntryAndRescan = z.object({
  success: z.literal(true),
  entry: BlocklistEntrySchema,
  /** The rescan of the last 90 days that raises alerts on history hitting the new entry. */
  rescanRunId: z.number().int(),
});

export const addBlocklistEntry = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/blocklist/add',
  summary: 'Add a value to the blocklist; the last 90 days are rescanned for hits',
  tags: ['compliance'],
  access: 'operate',
  errors: ['BLOCKLIST_VALUE_INVALID', 'BLOCKLIST_NETWORK_NOT_ALLOWED', 'BLOCKLIST_ENTRY_EXISTS'],
  idempotent: true,
  body: AddBlocklistEntryBodySchema,
  response: EntryAndRescan,
});

export const removeBlocklistEntry = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/blocklist/remove',
  summary: 'Remove an entry (kept, marked removed); alerts it raised stay',
  tags: ['compliance'],
  access: 'operate',
  errors: ['BLOCKLIST_ENTRY_NOT_FOUND', 'STALE_EDIT'],
  body: z.strictObject({
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    version: VersionSchema,
  }),
  response: z.object({ success: z.literal(true), entry: BlocklistEntrySchema }),
});

export const importBlocklist = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/blocklist/import',
  summary: 'Import entries from CSV (kind,value,network,reason,source): all lines or none',
  tags: ['compliance'],
  access: 'operate',
  errors: [
    'BLOCKLIST_IMPORT_HEADER',
    'BLOCKLIST_IMPORT_INVALID',
    'BLOCKLIST_IMPORT_EMPTY',
    'BLOCKLIST_IMPORT_TOO_LARGE',
  ],
  idempotent: true,
  // Checked by length in the service, so an oversized file gets its own clear error.
  body: z.strictObject({ content: z.string() }),
  response: z.object({
    success: z.literal(true),
    imported: z.number().int(),
    /** Lines whose value was already listed. */
    skipped: z.number().int(),
    rescanRunId: z.number().int().nullable(),
  }),
});

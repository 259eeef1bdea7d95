// Fraud check, screening: sanctions and PEP lists a member imports, the match threshold, rescreening
// everyone, a "try a name" explainer and the evidence of a screening alert.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { QueryIdSchema } from '../list.ts';

/** The file formats a list is imported from (decision 0020). */
export const SCREENING_LIST_FORMATS = ['ofac_sdn', 'un_xml', 'opensanctions'] as const;
export type ScreeningListFormat = (typeof SCREENING_LIST_FORMATS)[number];
/** How one part of a name matched: same letters, same after folding Turkish letters, same sound, an initial, a typo. */
export const SCREENING_PART_HOWS = ['exact', 'transliterated', 'phonetic', 'initial', 'fuzzy'] as const;
export type ScreeningPartHow = (typeof SCREENING_PART_HOWS)[number];
export const SCREENING_AGREEMENTS = ['agree', 'disagree', 'unknown'] as const;
/** The largest list file accepted. */
export const SCREENING_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The threshold's range and its value until a member sets one. */
export const SCREENING_THRESHOLD = { min: 0.5, max: 1, default: 0.85 } as const;

export const ScreeningExplanationSchema = z.object({
  score: z.number(),
  /** The listed name (or alias) that matched best. */
  matched_name: z.string(),
  alias: z.boolean(),
  parts: z.array(
    z.object({ query: z.string(), listed: z.string(), how: z.enum(SCREENING_PART_HOWS), score: z.number() }),
  ),
  /** Parts of the screened name that matched nothing, and of the listed name. */
  unmatched: z.array(z.string()),
  missing: z.array(z.string()),
  birth_date: z.enum(SCREENING_AGREEMENTS),
  nationality: z.enum(SCREENING_AGREEMENTS),
  /** Orders hits of equal score: +1 per agreeing fact, −1 per disagreeing one. */
  evidence: z.number().int(),
});
export type ScreeningExplanation = z.infer<typeof ScreeningExplanationSchema>;

export const ScreeningListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.enum(SCREENING_LIST_FORMATS),
  file_name: z.string().nullable(),
  entry_count: z.number().int(),
  imported_at: z.string(),
  imported_by: z.string().nullable(),
  version: z.number().int(),
});
export type ScreeningList = z.infer<typeof ScreeningListSchema>;

export const ScreeningEntrySchema = z.object({
  id: z.number().int(),
  list: z.object({ id: z.number().int(), name: z.string() }),
  ref: z.string(),
  kind: z.enum(['person', 'entity']),
  name: z.string(),
  aliases: z.array(z.string()),
  birth_dates: z.array(z.string()),
  nationalities: z.array(z.string()),
  programme: z.string().nullable(),
  removed: z.boolean(),
});

export const ScreeningHitSchema = z.object({
  entry: ScreeningEntrySchema,
  explanation: ScreeningExplanationSchema,
});
export type ScreeningHit = z.infer<typeof ScreeningHitSchema>;

export const listScreeningLists = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/screening/lists',
  summary: 'The sanctions and PEP lists screened against, with entry counts and the last import',
  tags: ['compliance'],
  access: 'read',
  response: z.object({ items: z.array(ScreeningListSchema) }),
});

const ListNameSchema = z
  .string()
  .trim()
  .min(2)
  .max(100)
  .regex(/^[\p{L}\p{N} ._()-]+$/u, 'Letters, digits, spaces and . _ ( ) - only');

export const ImportScreeningListQuerySchema = z.object({
  /** The list replaced (matched by name, any case) or created. */
  name: ListNameSchema,
  format: z.enum(SCREENING_LIST_FORMATS),
});

export const importScreeningList = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/screening/lists/import',
  summary: 'Import a list file (multipart, field `file`): replaces the named list, then rescreens everyone',
  tags: ['compliance'],
  access: 'configure',
  errors: [
    'SCREENING_FILE_MISSING',
    'SCREENING_FILE_TOO_LARGE',
    'SCREENING_FILE_NOT_TEXT',
    'SCREENING_FILE_UNREADABLE',
    'SCREENING_FILE_CSV_COLUMNS',
    'SCREENING_FILE_CSV_HEADER',
    'SCREENING_FILE_CSV_QUOTE',
    'SCREENING_FILE_FIELD',
    'SCREENING_FILE_XML',
    'SCREENING_FILE_XML_LAYOUT',
    'SCREENING_FILE_EMPTY',
  ],
  idempotent: true,
  multipart: { file: 'file' },
  query: ImportScreeningListQuerySchema,
  response: z.object({
    success: z.literal(true),
    list: ScreeningListSchema,
    added: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    run_id: z.number().int(),
  }),
});

export const ScreeningSettingsSchema = z.object({ threshold: z.number(), version: z.number().int() });
export type ScreeningSettings = z.infer<typeof ScreeningSettingsSchema>;

export const getScreeningSettings = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/screening/settings',
  summary: 'The name score at or above which a customer is a screening hit',
  tags: ['compliance'],
  access: 'read',
  response: ScreeningSettingsSchema,
});

export const UpdateScreeningSettingsBodySchema = z.object({
  threshold: z
    .number()
    .min(SCREENING_THRESHOLD.min)
    .max(SCREENING_THRESHOLD.max)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'At most two decimals'),
  /** 0 while the threshold was never set. */
  version: z.number().int().min(0).max(2_147_483_647),
});

export const updateScreeningSettings = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/screening/settings',
  summary: 'Change the screening threshold (with the version loaded)',
  tags: ['compliance'],
  access: 'configure',
  errors: ['STALE_EDIT'],
  body: UpdateScreeningSettingsBodySchema,
  response: z.object({ success: z.literal(true), settings: ScreeningSettingsSchema }),
});

export const rescreenCustomers = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/fraud/screening/rescreen',
  summary: 'Rescreen every customer against every list (a cancellable run)',
  tags: ['compliance'],
  access: 'configure',
  idempotent: true,
  body: z.object({}).strict(),
  response: z.object({ success: z.literal(true), run_id: z.number().int() }),
});

const DateTextSchema = z.iso.date();

export const TryScreeningNameQuerySchema = z.object({
  name: z.string().trim().min(2).max(200),
  birth_date: DateTextSchema.optional(),
  nationality: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
    .transform((s) => s.toUpperCase())
    .optional(),
});

export const tryScreeningName = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/screening/try',
  summary: 'Screen a name without saving anything: every entry that scores, explained, best first',
  tags: ['compliance'],
  access: 'read',
  query: TryScreeningNameQuerySchema,
  response: z.object({ threshold: z.number(), hits: z.array(ScreeningHitSchema) }),
});

export const getScreeningEvidence = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/fraud/screening/evidence',
  summary: "A screening alert's hits: the entry, the list and why the customer matched",
  tags: ['compliance'],
  access: 'read',
  errors: ['SCREENING_ALERT_NOT_FOUND'],
  query: z.object({ alert_id: QueryIdSchema }),
  response: z.object({
    customer: z.object({
      id: z.number().int(),
      name: z.string(),
      birth_date: z.string().nullable(),
      nationality: z.string().nullable(),
    }),
    hits: z.array(ScreeningHitSchema.extend({ match_id: z.number().int(), matched_at: z.string() })),
  }),
});

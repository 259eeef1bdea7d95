// Stored documents set aside by a later file check: kept for the audit, never served or decided again.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listQuerySchema, pageSchema } from '../list.ts';
import { KYC_DOCUMENT_KINDS } from './keys.ts';

/** What a check refuses a stored file for: the upload refusal's code, and the PDF feature it found. */
export const QUARANTINE_CODES = [
  'KYC_FILE_ACTIVE_CONTENT',
  'KYC_FILE_ENCRYPTED',
  'KYC_FILE_UNREADABLE',
  'KYC_FILE_TYPE_REFUSED',
] as const;

export const QuarantinedDocumentSchema = z.object({
  /** The document's id. */
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  file_name: z.string(),
  content_type: z.string(),
  sha256: z.string(),
  code: z.enum(QUARANTINE_CODES),
  /** The active feature (PDF_ACTIVE_FEATURES) for KYC_FILE_ACTIVE_CONTENT, else null. */
  feature: z.string().nullable(),
  /** The checker's technical words (for the audit and API clients; the screen shows the code's text). */
  detail: z.string().nullable(),
  /** The run of the check that found it. */
  run_id: z.number().int().nullable(),
  quarantined_at: z.string(),
});
export type QuarantinedDocument = z.infer<typeof QuarantinedDocumentSchema>;

export const QuarantineQuerySchema = listQuerySchema(['quarantined_at'], 'quarantined_at').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
});

export const listQuarantinedDocuments = defineEndpoint({
  method: 'GET',
  path: '/api/compliance/kyc/quarantine',
  summary: 'Stored documents a file check set aside, newest first',
  tags: ['compliance'],
  access: 'quarantine',
  query: QuarantineQuerySchema,
  response: pageSchema(QuarantinedDocumentSchema),
});

/**
 * Checks every stored document again with the current checks (a PDF's objects walked for active
 * content), as a cancellable run with progress; each hit is quarantined and audited, never deleted.
 */
export const startDocumentRecheck = defineEndpoint({
  method: 'POST',
  path: '/api/compliance/kyc/quarantine/recheck',
  summary: 'Check every stored document again; hits are quarantined (a run with progress)',
  tags: ['compliance'],
  access: 'quarantine',
  idempotent: true,
  errors: ['DOCUMENT_RECHECK_RUNNING'],
  response: z.object({ success: z.literal(true), run_id: z.number().int() }),
});

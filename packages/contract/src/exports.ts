import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { FILE_TYPES } from './file-types.ts';
import { QueryIdSchema } from './list.ts';

/**
 * Exports over the threshold run in the background (decision 0015): the list's export endpoint
 * answers 202 with this instead of the file, and the file arrives in the inbox when written.
 */
export const BackgroundExportSchema = z.object({
  id: z.number().int(),
  /** The export endpoint it came from, e.g. "/api/customers/export". */
  route: z.string(),
  format: z.enum(['csv', 'xlsx']),
  file_name: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed', 'expired']),
  rows_written: z.number().int(),
  rows_total: z.number().int(),
  size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type BackgroundExport = z.infer<typeof BackgroundExportSchema>;

/** The export endpoints' answer when the export went to the background (HTTP 202). */
export const BackgroundExportStartedSchema = z.object({
  background: z.literal(true),
  export: BackgroundExportSchema,
});
export type BackgroundExportStarted = z.infer<typeof BackgroundExportStartedSchema>;

export const listExports = defineEndpoint({
  method: 'GET',
  path: '/api/exports',
  summary: "The signed-in member's background exports of the last day, newest first, with progress",
  tags: ['exports'],
  access: 'read',
  response: z.object({ items: z.array(BackgroundExportSchema) }),
});

export const downloadExport = defineEndpoint({
  method: 'GET',
  path: '/api/exports/download',
  summary: 'The file of a finished background export; only to the member who asked for it',
  tags: ['exports'],
  access: 'read',
  errors: ['NOT_FOUND'],
  file: { types: [FILE_TYPES.csv, FILE_TYPES.xlsx] },
  query: z.object({ id: QueryIdSchema }),
  response: z.unknown(),
});

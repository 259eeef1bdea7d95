// Free of zod: the server's export writers and the endpoint descriptors name the same types.

/** Media types of the files the API answers with (without parameters such as `charset`). */
export const FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  eventStream: 'text/event-stream',
} as const;
export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

/** What an endpoint that answers with a file sends instead of JSON (EndpointDef.file). */
export interface FileAnswer {
  /** The media types its 200 answer may have. */
  types: readonly [FileType, ...FileType[]];
  /**
   * Exports that may be too large to stream: over the threshold the answer is 202 with
   * BackgroundExportStarted (exports.ts), and the file arrives in the inbox (decision 0015).
   */
  background?: true;
}

/** A list's export: CSV or XLSX by its `format`, or 202 when it goes to the background. */
export const LIST_EXPORT_FILE = {
  types: [FILE_TYPES.csv, FILE_TYPES.xlsx],
  background: true,
} as const satisfies FileAnswer;

/** The types a KYC document is stored as: the intake decides by the bytes (decision 0010). */
export const DOCUMENT_FILE_TYPES = [
  FILE_TYPES.jpeg,
  FILE_TYPES.png,
  FILE_TYPES.webp,
  FILE_TYPES.heic,
  FILE_TYPES.pdf,
] as const;

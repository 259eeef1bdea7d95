import { inspectPdf, type PdfVerdict } from './pdf-check.ts';
import { SNIFF_BYTES, sniffType } from './sniff.ts';

export type StoredFileVerdict = PdfVerdict | { ok: false; code: 'KYC_FILE_TYPE_REFUSED'; detail: string };

/**
 * A stored file judged by today's intake checks: its bytes must still be of the type it was stored
 * as, and a PDF must be inert. Images were decoded and written anew at intake, so their bytes
 * are Backdesk's own and need nothing more.
 */
export function recheckStoredFile(bytes: Buffer, contentType: string): StoredFileVerdict {
  const sniffed = sniffType(bytes.subarray(0, SNIFF_BYTES));
  if (sniffed !== contentType) {
    return {
      ok: false,
      code: 'KYC_FILE_TYPE_REFUSED',
      detail: `Stored as ${contentType}, but its bytes are ${sniffed ?? 'of no accepted type'}`,
    };
  }
  return contentType === 'application/pdf' ? inspectPdf(bytes) : { ok: true };
}

import { AppError } from '../../../lib/app-error.ts';
import { findActiveContent, type PdfActiveFeature } from './pdf/active-content.ts';
import { PdfEncryptedError, readPdf } from './pdf/document.ts';
import { UnsupportedFilterError } from './pdf/filters.ts';
import { PdfSyntaxError } from './pdf/syntax.ts';

/** What a check of a PDF found: nothing (inert), or why it is refused. */
export type PdfVerdict =
  | { ok: true }
  | { ok: false; code: 'KYC_FILE_ACTIVE_CONTENT'; feature: PdfActiveFeature }
  | { ok: false; code: 'KYC_FILE_ENCRYPTED' | 'KYC_FILE_UNREADABLE'; detail: string };

/**
 * Reads the PDF with a parser of its syntax (pdf/document.ts) and walks every object of it for
 * active content (pdf/active-content.ts). Encrypted PDFs hide their strings and streams and are
 * uncheckable; so is anything the reader cannot follow to the letter.
 */
export function inspectPdf(bytes: Buffer): PdfVerdict {
  try {
    const feature = findActiveContent(readPdf(bytes));
    return feature ? { ok: false, code: 'KYC_FILE_ACTIVE_CONTENT', feature } : { ok: true };
  } catch (error) {
    if (error instanceof PdfEncryptedError) {
      return { ok: false, code: 'KYC_FILE_ENCRYPTED', detail: error.message };
    }
    if (error instanceof PdfSyntaxError || error instanceof UnsupportedFilterError) {
      return {
        ok: false,
        code: 'KYC_FILE_UNREADABLE',
        detail: `The PDF cannot be checked: ${error.message}`,
      };
    }
    throw error;
  }
}

/** Refuses a PDF that is not inert, with the reason's code (and the feature it found). */
export function checkPdf(bytes: Buffer): void {
  const verdict = inspectPdf(bytes);
  if (verdict.ok) return;
  if (verdict.code === 'KYC_FILE_ACTIVE_CONTENT')
    throw new AppError(verdict.code, { feature: verdict.feature });
  throw new AppError(verdict.code, {}, { detail: verdict.detail });
}

import type { FastifyReply } from 'fastify';
import type { DocumentStore } from './document-store.ts';

/** What serving needs from a document row. */
export interface ServedFile {
  sha256: string;
  contentType: string;
  size: number;
  fileName: string;
}

/**
 * The viewer fetches the bytes and draws them itself (an <img> from a blob, pdf.js), so the
 * response never needs to run or embed anything. It is always an attachment, so a browser that opens
 * the address saves the file and never hands it to its own PDF viewer (which runs a PDF's scripts);
 * should one render it anyway, it is a sandboxed, unique-origin document that can load nothing, and
 * no other site may frame it or read it.
 */
export const DOCUMENT_CSP =
  "default-src 'none'; sandbox; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

/** Streams a stored file into the reply as an attachment, with nosniff, a sandboxing CSP and no-store. */
export async function sendStoredFile(
  reply: FastifyReply,
  store: DocumentStore,
  file: ServedFile,
): Promise<FastifyReply> {
  const body = await store.open(file.sha256);
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', DOCUMENT_CSP)
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Cache-Control', 'private, no-store')
    .send(body);
}

/**
 * `filename` for old clients in plain ASCII (accents dropped, anything else replaced) and
 * `filename*` (RFC 5987/6266) with the exact UTF-8 name for the rest. Neither can break out of the
 * header: quotes, backslashes, control characters and separators never reach it unencoded.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .replace(/ı/g, 'i')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ ()-]/g, '_')
    .slice(0, 150);
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii || 'document'}"; filename*=UTF-8''${encoded}`;
}

import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../../lib/app-error.ts';
import { cleanFileName } from '../../../lib/file-name.ts';
import { clamdScan } from './clamd.ts';
import { type DocumentStore, hashFile, sha256Hex } from './document-store.ts';
import type { DocumentsConfig } from './documents-config.ts';
import { blankHeicMetadata } from './heic.ts';
import { cleanImage, refuseAbove } from './images.ts';
import { checkPdf } from './pdf-check.ts';
import { SNIFF_BYTES, sniffType } from './sniff.ts';

export const ACCEPTED_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;
export type AcceptedContentType = (typeof ACCEPTED_CONTENT_TYPES)[number];

export const EXTENSIONS: Record<AcceptedContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

export interface IntakeInput {
  /** The upload's bytes (e.g. @fastify/multipart's `part.file`); always read to its end. */
  stream: Readable;
  /** The name the client gave; only kept (sanitised) for the download name, never trusted for the type. */
  fileName?: string;
}

/** A file accepted and stored: what the documents table records. */
export interface StoredDocumentFile {
  sha256: string;
  size: number;
  contentType: AcceptedContentType;
  /** A safe display name: the client's name cleaned, its extension matching the real type. */
  fileName: string;
}

export interface DocumentIntake {
  /** Checks, cleans and stores one upload; refuses with AppError KYC_FILE_… and leaves nothing behind. */
  accept(input: IntakeInput): Promise<StoredDocumentFile>;
}

/**
 * Checks that decode or parse a whole file run one at a time per server: a 12-megapixel photo takes
 * tens of megabytes while it is re-encoded, and freed native memory is slow to return, so two at
 * once measured about 35 MB more growth over 200 uploads for a fifth more throughput.
 */
const HEAVY_CHECKS_AT_ONCE = 1;

export function createDocumentIntake({
  config,
  store,
}: {
  config: DocumentsConfig;
  store: DocumentStore;
}): DocumentIntake {
  const heavy = semaphore(HEAVY_CHECKS_AT_ONCE);
  let swept: Promise<void> | undefined;
  return {
    async accept({ stream, fileName }) {
      await fs.mkdir(config.tempDir, { recursive: true });
      // Best effort: a file that cannot be swept now is tried again at the next start.
      swept ??= sweepAbandoned(config.tempDir).catch(() => undefined);
      await swept;
      const upload = path.join(config.tempDir, `${randomUUID()}.upload`);
      const cleaned = `${upload}.clean`;
      try {
        const received = await receive(stream, upload, config.maxUploadBytes);
        const contentType = sniffType(received.head);
        if (!contentType) throw new AppError('KYC_FILE_TYPE_REFUSED');
        // Scanned as received: what the customer sent is what must be clean.
        if (config.clamd) await clamdScan(config.clamd, upload);
        const stored = await heavy(() => clean(contentType, upload, cleaned, received.sha256, config));
        await store.putFile(stored.sha256, stored.path, contentType);
        return {
          sha256: stored.sha256,
          size: stored.size,
          contentType,
          fileName: safeFileName(fileName, contentType),
        };
      } finally {
        await Promise.all([fs.rm(upload, { force: true }), fs.rm(cleaned, { force: true })]);
      }
    },
  };
}

/**
 * Streams the upload into a temporary file while hashing it, holding one chunk at a time. Past the
 * limit nothing more is written, but the rest is still read (and dropped) so the request can finish
 * and be answered; a multipart parser's own file-size limit ends such a stream early.
 */
async function receive(stream: Readable, file: string, maxBytes: number) {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const handle = await fs.open(file, 'wx');
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      size += bytes.length;
      if (size > maxBytes) continue;
      if (headLength < SNIFF_BYTES) {
        headChunks.push(bytes.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(bytes.length, SNIFF_BYTES - headLength);
      }
      hash.update(bytes);
      await handle.write(bytes);
    }
  } finally {
    await handle.close();
  }
  if (size > maxBytes || (stream as { truncated?: boolean }).truncated) {
    throw new AppError('KYC_FILE_TOO_LARGE', { maxMegabytes: Math.round(maxBytes / 104_857.6) / 10 });
  }
  if (size === 0) throw new AppError('KYC_FILE_EMPTY');
  return { sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks) };
}

/** Temporary files no upload can still be writing: what a crashed or killed server left behind. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

async function sweepAbandoned(folder: string) {
  for (const name of await fs.readdir(folder)) {
    const file = path.join(folder, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > ABANDONED_AFTER_MS) await fs.rm(file, { force: true });
  }
}

/** The type's own checks; returns the file to store (the cleaned copy for images) with its hash. */
async function clean(
  type: AcceptedContentType,
  upload: string,
  cleaned: string,
  uploadSha256: string,
  config: DocumentsConfig,
): Promise<{ path: string; sha256: string; size: number }> {
  if (type === 'application/pdf') {
    // Within the upload limit, so held whole once; a PDF's cross references need random access anyway.
    const bytes = await fs.readFile(upload);
    checkPdf(bytes);
    return { path: upload, sha256: uploadSha256, size: bytes.length };
  }
  if (type === 'image/heic') {
    const bytes = await fs.readFile(upload);
    refuseAbove(blankHeicMetadata(bytes), config.maxImagePixels);
    await fs.writeFile(cleaned, bytes);
    return { path: cleaned, sha256: sha256Hex(bytes), size: bytes.length };
  }
  await cleanImage(type, upload, cleaned, config.maxImagePixels);
  const { size } = await fs.stat(cleaned);
  return { path: cleaned, sha256: await hashFile(cleaned), size };
}

/** The client's name without folders or control characters, at most 120 characters, ending in the real type's extension. */
export function safeFileName(name: string | undefined, type: AcceptedContentType): string {
  const base = cleanFileName(name, 1000)
    ?.replace(/\.[^.]*$/, '')
    .slice(0, 120)
    .trim();
  return `${base || 'document'}.${EXTENSIONS[type]}`;
}

function semaphore(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

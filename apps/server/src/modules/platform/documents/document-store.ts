import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../../lib/app-error.ts';
import { checkedHash, hashPath, sha256Hex } from './content-address.ts';
import type { DocumentsConfig } from './documents-config.ts';
import { createS3Store } from './s3-store.ts';

/** Where document files live, addressed by the SHA-256 (hex) of their bytes: identical content is stored once. */
export interface DocumentStore {
  readonly driver: 'local' | 's3';
  /** Stores the file at `filePath` (left in place) under `sha256`; a no-op when that content is already stored. */
  putFile(sha256: string, filePath: string, contentType: string): Promise<void>;
  /** Stores bytes already in memory (specimens); returns their SHA-256 and size. */
  putBytes(bytes: Uint8Array, contentType: string): Promise<{ sha256: string; size: number }>;
  /** The stored bytes as a stream; AppError NOT_FOUND when absent. */
  open(sha256: string): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
  close(): Promise<void>;
}

export function createDocumentStore(config: DocumentsConfig): DocumentStore {
  if (config.driver === 's3') {
    if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
    return createS3Store(config.s3);
  }
  return createLocalStore(config.localDir);
}

// The content addressing both stores share, apart so the S3 store needs nothing of this file.
export { checkedHash, hashPath, sha256Hex } from './content-address.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under `root` named by their hash. Each is written to a temporary name in the same folder
 * tree, flushed to disk, then renamed: a reader sees the whole file or none, even after a crash.
 */
export function createLocalStore(root: string): DocumentStore {
  const incoming = path.join(root, '.incoming');
  const finalPath = (sha256: string) => path.join(root, hashPath(sha256));

  async function has(sha256: string) {
    try {
      await fs.access(finalPath(sha256));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Writes through `write` into a temporary file, fsyncs it and renames it into place. */
  async function commit(sha256: string, write: (tempPath: string) => Promise<void>) {
    if (await has(sha256)) return;
    await fs.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, randomUUID());
    try {
      await write(temp);
      const handle = await fs.open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      const target = finalPath(sha256);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temp, target);
      await syncFolder(path.dirname(target));
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  return {
    driver: 'local',
    putFile: (sha256, filePath) => commit(checkedHash(sha256), (temp) => fs.copyFile(filePath, temp)),
    async putBytes(bytes) {
      const sha256 = sha256Hex(bytes);
      await commit(sha256, (temp) => fs.writeFile(temp, bytes));
      return { sha256, size: bytes.byteLength };
    },
    async open(sha256) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(finalPath(sha256), 'r');
      } catch (error) {
        if (isMissing(error)) throw new AppError('NOT_FOUND');
        throw error;
      }
      return handle.createReadStream();
    },
    has,
    async remove(sha256) {
      await fs.rm(finalPath(sha256), { force: true });
    },
    async close() {},
  };
}

/** The rename itself is durable only once the folder's entry is flushed (POSIX). */
async function syncFolder(folder: string) {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the file's own data is already flushed.
  } finally {
    await handle.close();
  }
}

/** A file's SHA-256, read as a stream. */
export async function hashFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

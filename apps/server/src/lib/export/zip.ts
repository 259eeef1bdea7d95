import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type AsyncFlateStreamHandler, Zip, type ZipInputFile } from 'fflate';

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  /** The entry's bytes, pulled only as fast as the archive is read. */
  data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/**
 * Deflate level of every entry. Level 1 compresses the repetitive sheet XML about tenfold in a
 * fraction of the time level 6 takes (bench:export; docs/decisions/0004-lists-at-scale.md).
 */
const LEVEL = 1;
/** Sizes and offsets are 32-bit without ZIP64, which fflate does not write. */
export const ZIP_LIMIT = 0xffff_ffff;

/**
 * An entry as fflate's Zip sees it: fflate writes the headers, data descriptors and central
 * directory; the bytes arrive already deflated (by Node's zlib, see `deflated`). crc and size must
 * be right before the last chunk is handed over.
 */
class DeflatedEntry implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  ondata!: AsyncFlateStreamHandler; // set by Zip.add
  constructor(readonly filename: string) {}
}

/**
 * The entry's bytes, deflated by Node's zlib on its thread pool (native, and off the event loop;
 * fflate's own deflate runs in JavaScript on the main thread, several times slower). The CRC and the
 * size of the raw bytes are counted on the way in.
 */
async function* deflated(entry: ZipEntry, file: DeflatedEntry): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  async function* counted() {
    for await (const chunk of entry.data) {
      file.crc = zlib.crc32(chunk, file.crc);
      file.size += chunk.length;
      if (file.size > ZIP_LIMIT) throw new Error(`${entry.name} passes 4 GiB, beyond a ZIP without ZIP64`);
      yield chunk;
    }
  }
  // pipeline passes an error of the source on to the deflater (so to the loop below), and a reader
  // that stops early destroys the deflater, which ends the source and its own source in turn.
  // One chunk waits ahead of the deflater, not Readable.from's default of sixteen.
  const source = Readable.from(counted(), { highWaterMark: 1 });
  const deflater = pipeline(source, zlib.createDeflateRaw({ level: LEVEL, chunkSize: 64 * 1024 }), () => {});
  yield* deflater;
}

/**
 * A ZIP archive of the entries, streamed: each entry is read, deflated and written in turn, with
 * nothing held but the chunks in flight. Entries may be produced lazily (an entry listing the ones
 * before it comes last). Stops with an error past 4 GiB rather than write a corrupt archive.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  let written = 0;
  function* take() {
    if (failure) throw failure;
    for (const chunk of ready.splice(0)) {
      written += chunk.length;
      if (written > ZIP_LIMIT) throw new Error('The archive passes 4 GiB, beyond a ZIP without ZIP64');
      yield chunk;
    }
  }
  for await (const entry of entries) {
    const file = new DeflatedEntry(entry.name);
    zip.add(file);
    for await (const chunk of deflated(entry, file)) {
      file.ondata(null, chunk, false);
      yield* take();
    }
    file.ondata(null, new Uint8Array(0), true);
    yield* take();
  }
  zip.end();
  yield* take();
}

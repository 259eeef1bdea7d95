import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a response fits a packet or two: compressing it costs more than the bytes it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON answers are compressed for clients that accept it, brotli first, else gzip. A list page of 50
 * rows (about 20 KB) shrinks to some 5 KB at brotli quality 1 in about 40 µs, done in line rather
 * than through a stream; quality 2 saves 13% more bytes for twice the CPU, and higher qualities cost
 * more still — a loaded server spends that better on requests (profiled under npm run bench:load,
 * where compression was a seventh of the server's CPU at quality 2). Only JSON:
 * the web app's files are compressed at build time, and exports stream their own way.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // In line up to the largest page (200 rows, ~90 KB: under half a millisecond). The plugin's own
    // default on two cores is 8 KB, above which every page went through a zlib stream on the thread
    // pool: a fifth of the server's CPU under load went to that stream's machinery, not to compressing.
    syncThreshold: 256 * 1024,
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 3 },
  });
}

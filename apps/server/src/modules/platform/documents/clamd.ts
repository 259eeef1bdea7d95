import { createReadStream } from 'node:fs';
import net from 'node:net';
import { AppError } from '../../../lib/app-error.ts';

export interface ClamdConfig {
  host: string;
  port: number;
  timeoutMs?: number;
}

/**
 * Scans a file with clamd's INSTREAM command: `zINSTREAM\0`, then chunks each prefixed by their
 * 4-byte big-endian length, then a zero length; clamd answers `stream: OK` or `stream: <name> FOUND`.
 * Anything else (unreachable, a size-limit ERROR, a timeout) refuses the upload rather than
 * letting an unscanned file through.
 */
export async function clamdScan(config: ClamdConfig, filePath: string): Promise<void> {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect({ host: config.host, port: config.port });
    socket.setTimeout(config.timeoutMs ?? 30_000, () => socket.destroy(new Error('clamd timed out')));
    const replies: Buffer[] = [];
    socket.on('data', (chunk) => replies.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(replies).toString('utf8')));
    socket.on('connect', async () => {
      try {
        socket.write('zINSTREAM\0');
        for await (const chunk of createReadStream(filePath, { highWaterMark: 64 * 1024 })) {
          const length = Buffer.alloc(4);
          length.writeUInt32BE((chunk as Buffer).length);
          socket.write(length);
          if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
        }
        socket.end(Buffer.alloc(4));
      } catch (error) {
        socket.destroy(error as Error);
      }
    });
  }).catch((error: Error) => {
    throw unavailable(`clamd: ${error.message}`);
  });
  const reply = answer.replace(/\0/g, '').trim();
  if (/^stream: OK$/.test(reply)) return;
  if (/ FOUND$/.test(reply)) throw new AppError('KYC_FILE_INFECTED');
  throw unavailable(`clamd answered: ${reply.slice(0, 200)}`);
}

/** A 503 whose reason goes to the server log (as the error's cause), not to the client. */
const unavailable = (reason: string) =>
  Object.assign(new AppError('KYC_FILE_SCAN_UNAVAILABLE', {}, { retryAfterSeconds: 30 }), {
    cause: new Error(reason),
  });

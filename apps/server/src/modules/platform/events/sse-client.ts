import http from 'node:http';

/** One Server-Sent Event as a client sees it. */
export interface SseMessage {
  id: string | null;
  data: string;
}

/**
 * A browser-like EventSource reader for tests and the bench: opens the stream with a member's
 * headers (and Last-Event-ID), hands each message over as it arrives. Node has no EventSource.
 */
export function openSse(
  url: string,
  headers: Record<string, string>,
  onMessage: (message: SseMessage) => void,
): Promise<{ status: number; close(): void; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      const closed = new Promise<void>((done) => response.on('close', () => done()));
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) onMessage({ id, data: data.join('\n') });
        }
      });
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy(), closed });
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

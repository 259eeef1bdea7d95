import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver saw it: the raw body, as Standard Webhooks verifies it. */
export interface ReceivedWebhook {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type WebhookAnswer = { status: number; headers?: Record<string, string> };

/**
 * A webhook receiver on loopback for tests of the outbox's deliveries (the app under test needs
 * WEBHOOK_ALLOW_PRIVATE_ADDRESSES): it keeps every delivery and answers as `answerWith` says (204 until
 * told otherwise).
 */
export async function startWebhookReceiver() {
  const all: ReceivedWebhook[] = [];
  let answer: (delivery: ReceivedWebhook) => WebhookAnswer = () => ({ status: 204 });
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const delivery = { url: req.url ?? '', headers: req.headers, body };
      all.push(delivery);
      const a = answer(delivery);
      res.writeHead(a.status, a.headers).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    /** `http://127.0.0.1:<port>`: an endpoint's URL is this and a path. */
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    all,
    answerWith(next: (delivery: ReceivedWebhook) => WebhookAnswer) {
      answer = next;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, verifyWebhookSignature, WebhookVerificationError } from './webhooks.ts';

// The Standard Webhooks reference test vectors: the message, secret and expected signature of the
// specification's JavaScript library's tests (github.com/standard-webhooks/standard-webhooks,
// libraries/javascript/src/webhook.test.ts, commit 10d3e46d720c4e5861a792bec25792a04ad4e2b3), and
// its cases: missing headers, bad timestamps, partial and foreign signatures, several signatures,
// the secret with and without its whsec_ prefix.
const SECRET = 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MSG_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const PAYLOAD = '{"test": 2432232314}';
const SIGNED_AT = 1614265330;
const EXPECTED = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const TOLERANCE_MS = 5 * 60 * 1000;

const at = (ms: number) => ({ now: () => ms });
const signedAt = SIGNED_AT * 1000;
const headers = (over: Record<string, string | undefined> = {}) => ({
  'webhook-id': MSG_ID,
  'webhook-timestamp': String(SIGNED_AT),
  'webhook-signature': EXPECTED,
  ...over,
});
const refused = (fn: () => unknown, reason: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe(reason);
    return;
  }
  expect.fail(`expected ${reason}`);
};

describe('Standard Webhooks reference vectors', () => {
  it('signs the reference message to the reference signature', () => {
    expect(signWebhook(`whsec_${SECRET}`, MSG_ID, SIGNED_AT, PAYLOAD)).toBe(EXPECTED);
  });

  it('verifies the reference signature, with and without the whsec_ prefix, text or bytes', () => {
    for (const secret of [SECRET, `whsec_${SECRET}`])
      expect(verifyWebhookSignature(secret, headers(), PAYLOAD, at(signedAt)).body).toBe(PAYLOAD);
    const bytes = new TextEncoder().encode(PAYLOAD);
    expect(verifyWebhookSignature(SECRET, new Headers(headers()), bytes, at(signedAt)).id).toBe(MSG_ID);
  });

  it('finds the valid one among several signatures, skipping other versions', () => {
    const other = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
    const signature = [other, 'v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=', EXPECTED, other].join(' ');
    expect(() =>
      verifyWebhookSignature(SECRET, headers({ 'webhook-signature': signature }), PAYLOAD, at(signedAt)),
    ).not.toThrow();
  });

  it('refuses a missing id, timestamp or signature', () => {
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      refused(
        () => verifyWebhookSignature(SECRET, headers({ [name]: undefined }), PAYLOAD, at(signedAt)),
        'HEADERS_MISSING',
      );
  });

  it('refuses a timestamp that is not seconds, or outside the tolerance either way', () => {
    refused(
      () => verifyWebhookSignature(SECRET, headers({ 'webhook-timestamp': 'hello' }), PAYLOAD, at(signedAt)),
      'TIMESTAMP_INVALID',
    );
    for (const now of [signedAt + TOLERANCE_MS + 1000, signedAt - TOLERANCE_MS - 1000])
      refused(
        () => verifyWebhookSignature(SECRET, headers(), PAYLOAD, at(now)),
        'TIMESTAMP_OUT_OF_TOLERANCE',
      );
    expect(() =>
      verifyWebhookSignature(SECRET, headers(), PAYLOAD, {
        ...at(signedAt + 3_600_000),
        toleranceSeconds: 3600,
      }),
    ).not.toThrow();
  });

  it('refuses a wrong, partial or empty signature, and a changed body', () => {
    for (const signature of ['v1,dawfeoifkpqwoekfpqoekf', EXPECTED.slice(0, 8), 'v1,', EXPECTED.slice(0, -4)])
      refused(
        () =>
          verifyWebhookSignature(SECRET, headers({ 'webhook-signature': signature }), PAYLOAD, at(signedAt)),
        'SIGNATURE_MISMATCH',
      );
    refused(
      () => verifyWebhookSignature(SECRET, headers(), '{"test": 2432232315}', at(signedAt)),
      'SIGNATURE_MISMATCH',
    );
    refused(() => verifyWebhookSignature('whsec_', headers(), PAYLOAD, at(signedAt)), 'SECRET_INVALID');
  });
});

describe('verifyWebhook: a Backdesk event', () => {
  const event = {
    id: 'evt_01JDX3Q8N7M2F4K9V6T5R0W1YZ',
    type: 'restriction.added',
    timestamp: '2026-12-02T10:15:00.000Z',
    data: {
      customer: { id: 42, externalId: 'u-1001' },
      subject: { kind: 'restriction', id: '7', externalId: null },
      changes: { kind: { before: null, after: 'withdrawal' } },
      actor: { kind: 'member', id: 3, name: 'Ayşe Yılmaz' },
    },
  };
  const body = JSON.stringify(event);
  const now = Date.parse('2026-12-02T10:15:01Z');
  const ts = Math.floor(now / 1000);
  const oldSecret = `whsec_${Buffer.from('old secret of thirty-two bytes!!').toString('base64')}`;
  const newSecret = `whsec_${Buffer.from('new secret of thirty-two bytes!!').toString('base64')}`;
  const delivery = (signature: string, id = event.id) => ({
    'Webhook-Id': id,
    'Webhook-Timestamp': String(ts),
    'Webhook-Signature': signature,
  });

  it('returns the typed event, with either secret of a rotation', () => {
    const both = `${signWebhook(oldSecret, event.id, ts, body)} ${signWebhook(newSecret, event.id, ts, body)}`;
    expect(verifyWebhook([newSecret], delivery(both), body, at(now))).toEqual(event);
    expect(
      verifyWebhook(
        [oldSecret, newSecret],
        delivery(signWebhook(oldSecret, event.id, ts, body)),
        body,
        at(now),
      ).type,
    ).toBe('restriction.added');
    refused(
      () => verifyWebhook([newSecret], delivery(signWebhook(oldSecret, event.id, ts, body)), body, at(now)),
      'SIGNATURE_MISMATCH',
    );
  });

  it("refuses a signed body that is not an event, or whose id is not the delivery's", () => {
    const other = 'evt_0000000000000000OTHER';
    refused(
      () => verifyWebhook(newSecret, delivery(signWebhook(newSecret, other, ts, body), other), body, at(now)),
      'PAYLOAD_INVALID',
    );
    refused(
      () =>
        verifyWebhook(newSecret, delivery(signWebhook(newSecret, event.id, ts, PAYLOAD)), PAYLOAD, at(now)),
      'PAYLOAD_INVALID',
    );
  });
});

describe('a receiver as docs/integration.md shows it', () => {
  it("verifies a delivery with Node's request headers and raw body, and refuses a forged one", async () => {
    const secret = `whsec_${Buffer.from('receiver secret of 32 bytes!!!!!').toString('base64')}`;
    const got: string[] = [];
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      try {
        got.push(verifyWebhook([secret], req.headers, Buffer.concat(chunks)).id);
        res.writeHead(204).end();
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        res.writeHead(400).end(error.reason);
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const id = 'evt_0000000000000000PING';
      const body = JSON.stringify({
        id,
        type: 'test.ping',
        timestamp: new Date().toISOString(),
        data: {
          customer: null,
          subject: { kind: 'test', id: '1', externalId: null },
          changes: {},
          actor: { kind: 'system', id: null, name: null },
        },
      });
      const ts = Math.floor(Date.now() / 1000);
      const post = (signature: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signature },
          body,
        });
      expect((await post(signWebhook(secret, id, ts, body))).status).toBe(204);
      const forged = await post(
        signWebhook(`whsec_${Buffer.from('another').toString('base64')}`, id, ts, body),
      );
      expect([forged.status, await forged.text()]).toEqual([400, 'SIGNATURE_MISMATCH']);
      expect(got).toEqual([id]);
    } finally {
      server.close();
    }
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../test/eventually.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';
import { signWebhook } from './webhook-signing.ts';

// The webhook screens' endpoints, as a super calls them; the role matrix covers who may.
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1', WEBHOOK_RETRY_SCALE: '0' });
const headers = t.session('super');
const post = (path: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/settings/integrations/webhooks${path}`,
    payload: payload as never,
    headers,
  });
const get = (path: string) => t.app.inject({ url: `/api/settings/integrations/webhooks${path}`, headers });

let receiver: Server;
const got: { headers: IncomingHttpHeaders; body: string }[] = [];
let url = '';
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      // /flaky answers each event's first attempt with 503, so it is retried.
      const id = String(req.headers['webhook-id']);
      const first = got.filter((g) => g.headers['webhook-id'] === id).length === 1;
      if (req.url === '/flaky' && first) res.writeHead(503).end('busy');
      else res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

describe('webhook endpoints (staff)', () => {
  it('creates with a secret shown once, pauses with a version check, sends a signed test event, logs it', async () => {
    const integration = await createTestIntegration(t.db, { scopes: ['events:read'] });
    const created = await post('/create', {
      integration_id: integration.integrationId,
      url,
      event_types: [],
    });
    expect(created.statusCode).toBe(200);
    const { endpoint, secret } = created.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const listed = (await get(`?integration_id=${integration.integrationId}`)).json().items;
    expect(listed).toEqual([
      expect.objectContaining({ id: endpoint.id, status: 'enabled', blocked_customers: 0 }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const paused = await post('/pause', { id: endpoint.id, version: endpoint.version });
    expect(paused.json().endpoint.status).toBe('paused');
    expect((await post('/resume', { id: endpoint.id, version: endpoint.version })).json().code).toBe(
      'STALE_EDIT',
    );
    expect(
      (await post('/resume', { id: endpoint.id, version: paused.json().endpoint.version })).statusCode,
    ).toBe(200);

    const test = await post('/test', { id: endpoint.id });
    expect(test.statusCode).toBe(200);
    const eventId = test.json().event_id;
    await t.app.outbox.tick();
    const ping = got.find((g) => g.headers['webhook-id'] === eventId)!;
    expect(ping.headers['webhook-signature']).toBe(
      signWebhook(secret, eventId, Number(ping.headers['webhook-timestamp']), ping.body),
    );
    await until(async () => (await get(`/deliveries?endpoint_id=${endpoint.id}`)).json().items.length === 1);
    const [delivery] = (await get(`/deliveries?endpoint_id=${endpoint.id}`)).json().items;
    expect(delivery).toMatchObject({
      event_id: eventId,
      event_type: 'test.ping',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      last_body_excerpt: 'thanks',
      blocking: false,
    });
    expect(delivery.last_response_ms).toEqual(expect.any(Number));
  });

  it('answers every attempt at a retried delivery, oldest first; 404 for a delivery never made', async () => {
    const integration = await createTestIntegration(t.db, { scopes: ['events:read'] });
    const { endpoint } = (
      await post('/create', {
        integration_id: integration.integrationId,
        url: url.replace('/hook', '/flaky'),
        event_types: [],
      })
    ).json();
    const eventId = (await post('/test', { id: endpoint.id })).json().event_id;
    const attemptsOf = () => get(`/attempts?endpoint_id=${endpoint.id}&event_id=${eventId}`);
    await until(async () => {
      await t.app.outbox.tick();
      return (await attemptsOf()).json().items?.length === 2;
    });
    const res = await attemptsOf();
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 503, body_excerpt: 'busy', error: null }),
      expect.objectContaining({ attempt: 2, status_code: 200, body_excerpt: 'thanks' }),
    ]);
    const never = await get(`/attempts?endpoint_id=${endpoint.id}&event_id=evt_0000000000000000000000`);
    expect(never.statusCode).toBe(404);
    expect(never.json().code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    expect((await get(`/attempts?endpoint_id=${endpoint.id}&event_id=x&extra=1`)).statusCode).toBe(400);
  });

  it('refuses what it cannot do: an unknown endpoint, a delivery never made, a bad range or URL', async () => {
    expect((await post('/test', { id: 999_999 })).json().code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    const integration = await createTestIntegration(t.db, { scopes: ['events:read'] });
    const { endpoint } = (
      await post('/create', { integration_id: integration.integrationId, url, event_types: [] })
    ).json();
    const never = await post('/skip', { endpoint_id: endpoint.id, event_id: 'evt_0000000000000000000000' });
    expect(never.json().code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    const range = await post('/replay-range', {
      endpoint_id: endpoint.id,
      from: '2026-12-02T10:00:00.000Z',
      to: '2026-12-01T10:00:00.000Z',
    });
    expect(range.json().code).toBe('WEBHOOK_RANGE_INVALID');
    const bad = await post('/create', {
      integration_id: integration.integrationId,
      url: 'ftp://x',
      event_types: [],
    });
    expect(bad.statusCode).toBe(400);
    const rotated = await post('/rotate-secret', { id: endpoint.id, version: endpoint.version });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(Date.parse(rotated.json().previous_expires_at)).toBeGreaterThan(Date.now());
  });
});

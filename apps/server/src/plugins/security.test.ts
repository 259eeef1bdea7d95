import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/auth-client.ts';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { toAppError } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('web defence', () => {
  it('sends security headers and no-store on the API', async () => {
    const res = await t.app.inject({ url: '/api/auth/captcha' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers helmet sent, on API answers, errors and pages alike', async () => {
    // As @fastify/helmet sent them before they were computed once (security.ts): every one, the same.
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';worker-src 'self' blob:;object-src 'none';base-uri 'self';" +
        "form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'cache-control': 'no-store',
    };
    const answers = [
      await t.app.inject({ url: '/api/auth/captcha' }),
      await t.app.inject({ url: '/api/auth/credentials' }),
      await t.app.inject({ url: '/crm/customers' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { origin: 'https://evil.example' },
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, expect.any(Number), 403]);
    for (const res of answers) {
      const security = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));
      expect(security).toEqual(expected);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('refuses state changes from a foreign origin and allows its own', async () => {
    const foreign = await login(t.app, 'admin', 'backdesk-demo', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FOREIGN_ORIGIN', status: 'error' });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/signout',
      headers: { origin: 'https://evil.example' },
    });
    expect(encoded.statusCode).toBe(403);
    const own = await login(t.app, 'admin', 'backdesk-demo', {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, status: 'error', statusCode: 404, code: 'NOT_FOUND' });
  });

  it('never lets a 5xx detail reach the client', () => {
    const err = toAppError(new Error('connection to 10.0.0.3 refused at db.ts:12'));
    expect(err.toBody()).toEqual({
      success: false,
      status: 'error',
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Internal server error',
    });
  });

  it('publishes an OpenAPI document of the contract', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/dashboard/kpis']),
    );
  });
});

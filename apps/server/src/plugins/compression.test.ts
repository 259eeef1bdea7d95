import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { sessionHeaders } from '../../test/roles.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = await sessionHeaders(t, 'manager');
});
afterAll(() => t.close());

const page = (acceptEncoding?: string) =>
  t.app.inject({
    url: '/api/customers/get-users?limit=50',
    headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('JSON compression', () => {
  it('sends a page uncompressed to a client that does not ask', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.json().users.length).toBeGreaterThan(0);
  });

  it('gzips a page over the threshold for a client that accepts gzip, and it reads the same', async () => {
    const plain = await page();
    const res = await page('gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when the client accepts both, as browsers do', async () => {
    const plain = await page();
    const res = await page('gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under the threshold as it is', async () => {
    const res = await t.app.inject({
      url: '/api/customers/facets',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../../../plugins/compression.ts';
import { registerSecurity } from '../../../plugins/security.ts';
import { createDocumentStore } from './document-store.ts';
import { contentDisposition, sendStoredFile } from './serve.ts';
import { specimenDocument } from './specimens.ts';
import { removeTempFolders, tempConfig } from './test-fixtures.ts';

afterAll(removeTempFolders);

describe('serving a stored document', () => {
  it('streams the bytes with nosniff, a sandboxing CSP, a safe disposition and no caching', async () => {
    const store = createDocumentStore(await tempConfig());
    const specimen = await specimenDocument({
      kind: 'passport',
      format: 'pdf',
      person: { fullName: 'ALEX SAMPLE', birthDate: '1990-01-01', documentNumber: 'X1' },
    });
    await store.putBytes(specimen.bytes, specimen.contentType);
    // With the app's own security headers and compression, whose defaults the file's headers override.
    const app = Fastify();
    await registerCompression(app);
    await registerSecurity(app, []);
    app.get('/file', (_request, reply) =>
      sendStoredFile(reply, store, {
        sha256: specimen.sha256,
        contentType: specimen.contentType,
        size: specimen.bytes.length,
        fileName: 'Şule "pasaport"\r\n.pdf',
      }),
    );
    const response = await app.inject({
      method: 'GET',
      url: '/file',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(specimen.bytes)).toBe(true);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(specimen.bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'cross-origin-resource-policy': 'same-origin',
      'content-disposition': `attachment; filename="Sule _pasaport___.pdf"; filename*=UTF-8''%C5%9Eule%20%22pasaport%22%0D%0A.pdf`,
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).toContain("frame-ancestors 'none'");
    await app.close();
  });

  it('answers 404 through the error handler for content that is not stored', async () => {
    const store = createDocumentStore(await tempConfig());
    const app = Fastify();
    app.get('/file', (_request, reply) =>
      sendStoredFile(reply, store, {
        sha256: 'a'.repeat(64),
        contentType: 'image/png',
        size: 1,
        fileName: 'x.png',
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/file' });
    expect(response.statusCode).toBe(404);
    await app.close();
  });

  it('names attachments in ASCII and RFC 5987 forms', () => {
    expect(contentDisposition('kimlik ön yüz ı.jpg')).toBe(
      `attachment; filename="kimlik on yuz i.jpg"; filename*=UTF-8''kimlik%20%C3%B6n%20y%C3%BCz%20%C4%B1.jpg`,
    );
    expect(contentDisposition('名前.pdf')).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''%E5%90%8D%E5%89%8D.pdf`,
    );
  });
});

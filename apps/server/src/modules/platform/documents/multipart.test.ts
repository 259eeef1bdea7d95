import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../plugins/errors.ts';
import { createDocumentStore } from './document-store.ts';
import { createDocumentIntake } from './intake.ts';
import { jpegWithGps, removeTempFolders, tempConfig } from './test-fixtures.ts';

afterAll(removeTempFolders);

/** The intake behind @fastify/multipart as the KYC module wires it: the parser's file limit one byte above ours. */
async function uploadApp(maxUploadBytes: number) {
  const config = await tempConfig({ maxUploadBytes });
  const store = createDocumentStore(config);
  const intake = createDocumentIntake({ config, store });
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes + 1, files: 1 },
    throwFileSizeLimit: false,
  });
  app.post('/upload', async (request) => {
    const part = await request.file();
    if (!part) throw new Error('no file');
    return intake.accept({ stream: part.file, fileName: part.filename });
  });
  const leftovers = async () =>
    (await readdir(config.tempDir).catch((): string[] => [])).concat(
      (await readdir(config.localDir, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((e) => e.isFile())
        .map((e) => e.name),
    );
  return { app, leftovers };
}

function form(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----kyc-files-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('intake behind a multipart upload', () => {
  it('stores a cleaned JPEG sent as something else', async () => {
    const { app, leftovers } = await uploadApp(1024 * 1024);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      ...form('passport.pdf', 'application/pdf', await jpegWithGps()),
    });
    expect(response.statusCode).toBe(200);
    const stored = response.json();
    expect(stored).toMatchObject({ contentType: 'image/jpeg', fileName: 'passport.jpg' });
    expect(await leftovers()).toEqual([stored.sha256]);
    await app.close();
  });

  it('answers 413 KYC_FILE_TOO_LARGE for a file past the limit, leaving nothing', async () => {
    const { app, leftovers } = await uploadApp(256 * 1024);
    const big = Buffer.concat([await jpegWithGps(), randomBytes(300 * 1024)]);
    expect(big.length).toBeGreaterThan(256 * 1024);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      ...form('x.jpg', 'image/jpeg', big),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'KYC_FILE_TOO_LARGE', params: { maxMegabytes: 0.3 } });
    expect(await leftovers()).toEqual([]);
    await app.close();
  });

  it('answers 415 KYC_FILE_TYPE_REFUSED for an SVG named like a photo', async () => {
    const { app, leftovers } = await uploadApp(1024 * 1024);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      ...form('selfie.jpg', 'image/jpeg', svg),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('KYC_FILE_TYPE_REFUSED');
    expect(await leftovers()).toEqual([]);
    await app.close();
  });

  it('refuses a 20 MB upload over a real connection against a 1 MB limit without storing it', async () => {
    const { app, leftovers } = await uploadApp(1024 * 1024);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const body = new FormData();
    body.append('file', new Blob([await jpegWithGps(), randomBytes(20 * 1024 * 1024)]), 'huge.jpg');
    const response = await fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', body });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('KYC_FILE_TOO_LARGE');
    expect(await leftovers()).toEqual([]);
    await app.close();
  });
});

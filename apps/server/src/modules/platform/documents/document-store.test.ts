import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { createDocumentStore, type DocumentStore, sha256Hex } from './document-store.ts';
import { removeTempFolders, tempConfig, tempFolder } from './test-fixtures.ts';

afterAll(removeTempFolders);

const BUCKET = 'kyc-documents';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function readAll(store: DocumentStore, sha256: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// A real S3-protocol server on loopback (s3rver, from npm): the SDK speaks HTTP to it as to MinIO or AWS.
let s3rver: S3rver;
let endpoint: string;
beforeAll(async () => {
  const directory = await tempFolder();
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => s3rver.close());

const drivers: [string, () => Promise<DocumentStore>][] = [
  ['local', async () => createDocumentStore(await tempConfig())],
  [
    's3',
    async () =>
      createDocumentStore(
        await tempConfig({
          driver: 's3',
          s3: { endpoint, bucket: BUCKET, region: 'us-east-1', forcePathStyle: true, ...CREDENTIALS },
        }),
      ),
  ],
];

describe.each(drivers)('the %s document store', (driver, create) => {
  let store: DocumentStore;
  beforeAll(async () => {
    store = await create();
  });
  afterAll(() => store.close());

  it('round-trips a file byte for byte, in several parts when large', async () => {
    expect(store.driver).toBe(driver);
    const bytes = randomBytes(11 * 1024 * 1024 + 7); // above S3's 5 MB part size: a multipart upload
    const file = path.join(await tempFolder(), 'upload');
    await writeFile(file, bytes);
    const sha256 = sha256Hex(bytes);
    expect(await store.has(sha256)).toBe(false);
    await store.putFile(sha256, file, 'application/pdf');
    expect(await store.has(sha256)).toBe(true);
    expect((await readAll(store, sha256)).equals(bytes)).toBe(true);
  });

  it('stores bytes by their hash, identical content once, and removes them', async () => {
    const bytes = randomBytes(1000);
    const first = await store.putBytes(bytes, 'image/png');
    const second = await store.putBytes(Buffer.from(bytes), 'image/png');
    expect(first).toEqual({ sha256: sha256Hex(bytes), size: 1000 });
    expect(second).toEqual(first);
    expect((await readAll(store, first.sha256)).equals(bytes)).toBe(true);
    await store.remove(first.sha256);
    expect(await store.has(first.sha256)).toBe(false);
  });

  it('answers NOT_FOUND for content it does not hold and refuses what is not a hash', async () => {
    const error = await store.open('0'.repeat(64)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('NOT_FOUND');
    await expect(store.open('../../etc/passwd')).rejects.toThrow(/Not a SHA-256/);
  });
});

it('the local store leaves only whole files, under their hash, fanned out in folders', async () => {
  const config = await tempConfig();
  const store = createDocumentStore(config);
  const { sha256 } = await store.putBytes(Buffer.from('specimen'), 'application/pdf');
  const files = (await readdir(config.localDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(config.localDir, path.join(e.parentPath, e.name)));
  expect(files).toEqual([`${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`]);
});

it('the S3 store keeps objects under documents/ keyed by hash', async () => {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  const store = createDocumentStore(
    await tempConfig({
      driver: 's3',
      s3: { endpoint, bucket: BUCKET, region: 'us-east-1', forcePathStyle: true, ...CREDENTIALS },
    }),
  );
  const { sha256 } = await store.putBytes(Buffer.from('key layout'), 'application/pdf');
  const key = `documents/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
  expect([head.ContentLength, head.ContentType]).toEqual([10, 'application/pdf']);
  await store.close();
  client.destroy();
});

it('the S3 store aborts a multipart upload that fails, leaving no parts behind', async () => {
  // A loopback proxy in front of s3rver that refuses the second part, as a full or failing disk would.
  const seen: string[] = [];
  const target = new URL(endpoint);
  const proxy = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    if (request.url?.includes('partNumber=2')) {
      request.resume();
      request.on('end', () =>
        response
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>AccessDenied</Code><Message>refused by the test</Message></Error>'),
      );
      return;
    }
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyEndpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const store = createDocumentStore(
    await tempConfig({
      driver: 's3',
      s3: {
        endpoint: proxyEndpoint,
        bucket: BUCKET,
        region: 'us-east-1',
        forcePathStyle: true,
        ...CREDENTIALS,
      },
    }),
  );
  const bytes = randomBytes(11 * 1024 * 1024);
  const file = path.join(await tempFolder(), 'upload');
  await writeFile(file, bytes);
  const sha256 = sha256Hex(bytes);
  await expect(store.putFile(sha256, file, 'image/jpeg')).rejects.toThrow();
  expect(seen.some((line) => /^POST .*\?uploads/.test(line))).toBe(true);
  expect(seen.some((line) => /^DELETE .*uploadId=/.test(line))).toBe(true);
  expect(await store.has(sha256)).toBe(false);
  await store.close();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

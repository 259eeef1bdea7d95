import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { AppError } from '../../../lib/app-error.ts';
import { hashPath, sha256Hex } from './content-address.ts';
import type { DocumentStore } from './document-store.ts';
import type { DocumentsConfig } from './documents-config.ts';

type S3Config = NonNullable<DocumentsConfig['s3']>;

/**
 * The SDK and a client for the bucket, loaded on first use: a third of a second a start would pay on
 * a node that stores locally.
 */
async function connectTo(config: S3Config) {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default extra checksums (aws-chunked trailers) are unknown to many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, Upload, client };
}
type Sdk = Awaited<ReturnType<typeof connectTo>>['sdk'];

const isNotFound = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.NoSuchKey ||
  error instanceof sdk.NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW…) keyed by hash. Uploads stream in
 * parts; a failed multipart upload is aborted by the SDK, so no orphaned parts stay billed.
 */
export function createS3Store(config: S3Config): DocumentStore {
  let connected: ReturnType<typeof connectTo> | undefined;
  const connect = () => (connected ??= connectTo(config));
  const key = (sha256: string) => `documents/${hashPath(sha256)}`;

  async function has(sha256: string) {
    const { sdk, client } = await connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: config.bucket, Key: key(sha256) }));
      return true;
    } catch (error) {
      if (isNotFound(sdk, error)) return false;
      throw error;
    }
  }

  async function upload(sha256: string, body: Readable | Uint8Array, contentType: string) {
    if (await has(sha256)) return;
    const { Upload, client } = await connect();
    await new Upload({
      client,
      params: { Bucket: config.bucket, Key: key(sha256), Body: body, ContentType: contentType },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    }).done();
  }

  return {
    driver: 's3',
    putFile: (sha256, filePath, contentType) => upload(sha256, createReadStream(filePath), contentType),
    async putBytes(bytes, contentType) {
      const sha256 = sha256Hex(bytes);
      await upload(sha256, bytes, contentType);
      return { sha256, size: bytes.byteLength };
    },
    async open(sha256) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key(sha256) }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return answer.Body;
      } catch (error) {
        if (isNotFound(sdk, error)) throw new AppError('NOT_FOUND');
        throw error;
      }
    },
    has,
    async remove(sha256) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key(sha256) }));
    },
    async close() {
      if (connected) (await connected).client.destroy();
    },
  };
}

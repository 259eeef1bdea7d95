/** Crafted files for the kyc-files tests: each refusal's input, built in code (nothing downloaded). */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { DocumentsConfig } from './documents-config.ts';

const tempFolders: string[] = [];

/** A fresh folder under the system's temporary one, removed by `removeTempFolders`. */
export async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kyc-files-test-'));
  tempFolders.push(folder);
  return folder;
}

export async function removeTempFolders(): Promise<void> {
  await Promise.all(tempFolders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
}

export async function tempConfig(overrides: Partial<DocumentsConfig> = {}): Promise<DocumentsConfig> {
  const dataDir = await tempFolder();
  return {
    driver: 'local',
    localDir: path.join(dataDir, 'documents'),
    tempDir: path.join(dataDir, 'tmp', 'uploads'),
    s3: undefined,
    maxUploadBytes: 15 * 1024 * 1024,
    maxImagePixels: 50_000_000,
    clamd: undefined,
    ...overrides,
  };
}

/** A stream in small chunks, as a network upload arrives. */
export const chunked = (bytes: Buffer, chunkSize = 16 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
    })(),
  );

export const SECRET_MAKE = 'SecretCam-4711';
export const SECRET_XMP = 'SecretXmpAuthor-4711';
export const SECRET_COMMENT = 'SecretJpegComment-4711';

/** A JPEG with GPS coordinates in EXIF, an XMP author and a COM comment segment. */
export async function jpegWithGps(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: SECRET_MAKE },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 1/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '28/1 58/1 0/1',
      },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${SECRET_XMP}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
  const comment = Buffer.from(SECRET_COMMENT, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height pixels of grey: a few hundred bytes that would decode to gigabytes. */
export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = zlib.deflateSync(Buffer.alloc(width + 1), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF whose catalog carries `catalogExtra`, plus any further objects. */
export function pdfWith(catalogExtra: string, extraObjects: Buffer[] = []): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  const push = (body: Buffer | string) => {
    offsets.push(parts.reduce((n, p) => n + p.length, 0));
    parts.push(
      Buffer.concat([Buffer.from(`${offsets.length} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]),
    );
  };
  push(`<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`);
  push('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  for (const object of extraObjects) push(object);
  const xref = parts.reduce((n, p) => n + p.length, 0);
  const table = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** An object stream (object 4) hiding `/OpenAction << /S /JavaScript … >>` in Flate-compressed bytes. */
export function pdfWithScriptInObjectStream(dictionaryExtra = ''): Buffer {
  // A stored (uncompressed) deflate block puts the word "endstream" in the stream's bytes, and a
  // compressed block after it holds the script: only the stream's /Length tells where it really ends.
  const decoy = Buffer.from('5 0 % endstream\n');
  const script = Buffer.from('<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>');
  const storedBlock = Buffer.alloc(5);
  storedBlock.writeUInt16LE(decoy.length, 1);
  storedBlock.writeUInt16LE(~decoy.length & 0xffff, 3);
  const data = Buffer.concat([
    Buffer.from([0x78, 0x01]),
    storedBlock,
    decoy,
    zlib.deflateRawSync(script),
    u32(adler32(Buffer.concat([decoy, script]))),
  ]);
  const stream = Buffer.concat([
    Buffer.from(
      `<< /Type /ObjStm /N 1 /First ${decoy.length} /Filter /FlateDecode ${dictionaryExtra}/Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream'),
  ]);
  return pdfWith('/OpenAction 5 0 R', [stream]);
}

function adler32(bytes: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
const fullBox = (type: string, version: number, ...content: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...content);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export const HEIC_EXIF = Buffer.from(`\0\0\0\0Exif\0\0II*\0${SECRET_MAKE}`, 'latin1');

/**
 * The container of a HEIC (`ftyp heic`, `meta` with item infos, locations and an `ispe` size) with
 * an image item and an Exif item in `mdat`. The image bytes are not real HEVC: the intake never
 * decodes a HEIC, it only reads the container.
 */
export function heicContainer(width: number, height: number, brand = 'heic'): Buffer {
  const imageBytes = Buffer.from('not-really-hevc-bytes', 'latin1');
  const build = (mdatOffset: number) => {
    const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0), Buffer.from(`mif1${brand}`, 'latin1'));
    const infe = (id: number, type: string) =>
      fullBox('infe', 2, u16(id), u16(0), Buffer.from(`${type}\0`, 'latin1'));
    const iinf = fullBox('iinf', 0, u16(2), infe(1, 'hvc1'), infe(2, 'Exif'));
    const location = (id: number, offset: number, length: number) =>
      Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(length)]);
    const iloc = fullBox(
      'iloc',
      0,
      Buffer.from([0x44, 0x00]), // offset and length 4 bytes, no base offset
      u16(2),
      location(1, mdatOffset, imageBytes.length),
      location(2, mdatOffset + imageBytes.length, HEIC_EXIF.length),
    );
    const ispe = fullBox('ispe', 0, u32(width), u32(height));
    const iprp = box('iprp', box('ipco', ispe));
    const hdlr = fullBox(
      'hdlr',
      0,
      u32(0),
      Buffer.from('pict', 'latin1'),
      Buffer.alloc(12),
      Buffer.from('\0'),
    );
    const meta = fullBox('meta', 0, hdlr, iinf, iloc, iprp);
    const head = Buffer.concat([ftyp, meta]);
    return { head, file: Buffer.concat([head, box('mdat', imageBytes, HEIC_EXIF)]) };
  };
  const first = build(0);
  return build(first.head.length + 8).file;
}

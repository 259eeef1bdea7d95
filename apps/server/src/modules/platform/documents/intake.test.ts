import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { createLocalStore, sha256Hex } from './document-store.ts';
import type { DocumentsConfig } from './documents-config.ts';
import { createDocumentIntake } from './intake.ts';
import { specimenDocument } from './specimens.ts';
import {
  chunked,
  HEIC_EXIF,
  heicContainer,
  jpegWithGps,
  pdfWith,
  pdfWithScriptInObjectStream,
  pngBomb,
  removeTempFolders,
  SECRET_COMMENT,
  SECRET_MAKE,
  SECRET_XMP,
  tempConfig,
} from './test-fixtures.ts';

afterAll(removeTempFolders);

async function setup(overrides: Partial<DocumentsConfig> = {}) {
  const config = await tempConfig(overrides);
  const store = createLocalStore(config.localDir);
  const intake = createDocumentIntake({ config, store });
  /** Every file left anywhere under the data folder's upload and document folders. */
  const leftovers = async () => {
    const files = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) =>
        e.isFile(),
      );
    return [...(await files(config.tempDir)), ...(await files(config.localDir))].map((e) => e.name);
  };
  const read = async (sha256: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.open(sha256)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  return { config, store, intake, leftovers, read };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

const person = { fullName: 'ALEX SAMPLE', birthDate: '1990-01-01', documentNumber: 'X1' };

describe('document intake refuses', () => {
  it.each([
    [
      'an SVG renamed to .jpg',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      'passport.jpg',
    ],
    ['an HTML page renamed to .png', '<!doctype html><script>alert(1)</script>', 'selfie.png'],
    ['an HTML page renamed to .pdf that mentions %PDF- later', '<html>%PDF-1.7</html>', 'bill.pdf'],
    ['a GIF', 'GIF89a\x01\x00\x01\x00', 'x.gif'],
  ])('%s, by its bytes, whatever its name', async (_, content, fileName) => {
    const { intake, leftovers } = await setup();
    expect(await refusal(intake.accept({ stream: chunked(Buffer.from(content)), fileName }))).toBe(
      'KYC_FILE_TYPE_REFUSED',
    );
    expect(await leftovers()).toEqual([]);
  });

  it('an AVIF (an ISO-BMFF image that is not HEIC)', async () => {
    const { intake } = await setup();
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .avif()
      .toBuffer();
    expect(await refusal(intake.accept({ stream: chunked(avif), fileName: 'a.heic' }))).toBe(
      'KYC_FILE_TYPE_REFUSED',
    );
  });

  it('a HEIF image sequence (brand hevc), whose metadata may live outside the item boxes', async () => {
    const { intake } = await setup();
    expect(await refusal(intake.accept({ stream: chunked(heicContainer(100, 100, 'hevc')) }))).toBe(
      'KYC_FILE_TYPE_REFUSED',
    );
  });

  it('an empty file', async () => {
    const { intake, leftovers } = await setup();
    expect(await refusal(intake.accept({ stream: Readable.from([]), fileName: 'a.pdf' }))).toBe(
      'KYC_FILE_EMPTY',
    );
    expect(await leftovers()).toEqual([]);
  });

  it('a file over the size limit, reading the rest of the stream without keeping it', async () => {
    const { intake, leftovers } = await setup({ maxUploadBytes: 1024 * 1024 });
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const stream = chunked(big);
    const error = await intake.accept({ stream, fileName: 'big.pdf' }).catch((e: AppError) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('KYC_FILE_TOO_LARGE');
    expect((error as AppError).params).toEqual({ maxMegabytes: 1 });
    expect(stream.readableEnded).toBe(true);
    expect(await leftovers()).toEqual([]);
  });

  it('a stream a multipart parser cut at its own file-size limit', async () => {
    const { intake } = await setup();
    const stream = Object.assign(chunked(Buffer.from('%PDF-1.7\n')), { truncated: true });
    expect(await refusal(intake.accept({ stream }))).toBe('KYC_FILE_TOO_LARGE');
  });

  it('a decompression bomb, from its header, before decoding', async () => {
    const { intake, leftovers } = await setup();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    expect(await refusal(intake.accept({ stream: chunked(bomb), fileName: 'bomb.png' }))).toBe(
      'KYC_FILE_TOO_MANY_PIXELS',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await leftovers()).toEqual([]);
  });

  it('an image just over a configured pixel limit', async () => {
    const { intake } = await setup({ maxImagePixels: 100 * 100 });
    const png = await sharp({ create: { width: 101, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const error = (await intake.accept({ stream: chunked(png) }).catch((e) => e)) as AppError;
    expect(error.code).toBe('KYC_FILE_TOO_MANY_PIXELS');
    expect(error.params).toEqual({ maxMegapixels: 0 });
  });

  it.each([
    ['JavaScript in an open action', pdfWith('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>')],
    ['a Launch action', pdfWith('/OpenAction << /S /Launch /F (cmd.exe) >>')],
    ['a script in an additional action (/AA)', pdfWith('/AA << /WC << /S /JavaScript /JS 9 0 R >> >>')],
    ['a script name spelt with # escapes', pdfWith('/OpenAction << /S /J#61va#53cript /J#53 (x) >>')],
    ['a script hidden in a compressed object stream', pdfWithScriptInObjectStream()],
    ['an XFA form', pdfWith('/AcroForm << /XFA 9 0 R >>')],
  ])('a PDF with %s', async (_, pdf) => {
    const { intake, leftovers } = await setup();
    expect(await refusal(intake.accept({ stream: chunked(pdf), fileName: 'doc.pdf' }))).toBe(
      'KYC_FILE_ACTIVE_CONTENT',
    );
    expect(await leftovers()).toEqual([]);
  });

  it('a PDF whose object stream uses a predictor or another filter, which cannot be checked', async () => {
    const { intake } = await setup();
    const predictor = pdfWithScriptInObjectStream('/DecodeParms << /Predictor 12 /Columns 4 >> ');
    expect(await refusal(intake.accept({ stream: chunked(predictor) }))).toBe('KYC_FILE_UNREADABLE');
    const lzw = Buffer.from(
      pdfWithScriptInObjectStream().toString('latin1').replace('/Filter /FlateDecode', '/Filter /LZWDecode'),
      'latin1',
    );
    expect(await refusal(intake.accept({ stream: chunked(lzw) }))).toBe('KYC_FILE_UNREADABLE');
  });

  it('an encrypted PDF, which cannot be checked', async () => {
    const { intake } = await setup();
    const pdf = Buffer.from(
      pdfWith('').toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R'),
      'latin1',
    );
    expect(await refusal(intake.accept({ stream: chunked(pdf) }))).toBe('KYC_FILE_ENCRYPTED');
  });

  it('a truncated PDF and a broken JPEG as unreadable', async () => {
    const { intake, leftovers } = await setup();
    const pdf = pdfWith('');
    expect(await refusal(intake.accept({ stream: chunked(pdf.subarray(0, pdf.length - 20)) }))).toBe(
      'KYC_FILE_UNREADABLE',
    );
    const jpeg = await jpegWithGps();
    expect(await refusal(intake.accept({ stream: chunked(jpeg.subarray(0, 200)) }))).toBe(
      'KYC_FILE_UNREADABLE',
    );
    expect(await leftovers()).toEqual([]);
  });

  it('an upload whose connection breaks, leaving no temporary file', async () => {
    const { intake, leftovers } = await setup();
    // The connection breaks when the intake asks for more than the first chunk: by then its
    // temporary file is open.
    let asked = 0;
    const stream = new Readable({
      read() {
        if (asked++ === 0) this.push(Buffer.from('%PDF-1.7\n'));
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(intake.accept({ stream })).rejects.toThrow('client went away');
    expect(await leftovers()).toEqual([]);
  });
});

describe('document intake accepts', () => {
  it('a JPEG with GPS, XMP and a comment, storing it without any of them', async () => {
    const { intake, read, leftovers } = await setup();
    const jpeg = await jpegWithGps();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.includes(SECRET_MAKE)).toBe(true);
    expect(jpeg.includes(SECRET_XMP) && jpeg.includes(SECRET_COMMENT)).toBe(true);

    const stored = await intake.accept({ stream: chunked(jpeg), fileName: 'C:\\photos\\pässport "1".png' });
    expect(stored.contentType).toBe('image/jpeg');
    expect(stored.fileName).toBe('pässport 1.jpg');
    const bytes = await read(stored.sha256);
    expect(sha256Hex(bytes)).toBe(stored.sha256);
    expect(bytes.length).toBe(stored.size);
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect([SECRET_MAKE, SECRET_XMP, SECRET_COMMENT].some((s) => bytes.includes(s))).toBe(false);
    expect([after.width, after.height]).toEqual([64, 48]);
    // Only the stored file remains; the upload's temporary copies are gone.
    expect(await leftovers()).toEqual([stored.sha256]);
  });

  it('PNG and WebP by their bytes, and identical content once', async () => {
    const { intake, leftovers } = await setup();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
    const a = await intake.accept({ stream: chunked(png), fileName: 'scan.pdf' });
    const b = await intake.accept({ stream: chunked(png), fileName: 'again.png' });
    const c = await intake.accept({ stream: chunked(webp) });
    expect([a.contentType, a.fileName, c.contentType, c.fileName]).toEqual([
      'image/png',
      'scan.png',
      'image/webp',
      'document.webp',
    ]);
    expect(b.sha256).toBe(a.sha256);
    expect((await leftovers()).sort()).toEqual([a.sha256, c.sha256].sort());
  });

  it('a clean PDF byte for byte (a specimen)', async () => {
    const { intake, read } = await setup();
    const pdf = (await specimenDocument({ kind: 'proof_of_address', format: 'pdf', person })).bytes;
    const stored = await intake.accept({ stream: chunked(pdf), fileName: 'bill.pdf' });
    expect(stored).toMatchObject({
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: sha256Hex(pdf),
    });
    expect((await read(stored.sha256)).equals(pdf)).toBe(true);
  });

  it('a HEIC with its Exif item blanked in place, and refuses one over the pixel limit', async () => {
    const { intake, read } = await setup({ maxImagePixels: 20_000_000 });
    const heic = heicContainer(4032, 3024);
    expect(heic.includes(SECRET_MAKE)).toBe(true);
    const stored = await intake.accept({ stream: chunked(heic), fileName: 'IMG_0001.HEIC' });
    expect(stored.contentType).toBe('image/heic');
    expect(stored.fileName).toBe('IMG_0001.heic');
    const bytes = await read(stored.sha256);
    expect(bytes.length).toBe(heic.length);
    expect(bytes.includes(SECRET_MAKE)).toBe(false);
    const exifAt = heic.indexOf(HEIC_EXIF);
    expect(bytes.subarray(exifAt, exifAt + HEIC_EXIF.length).every((b) => b === 0)).toBe(true);
    // Everything else is untouched.
    expect(Buffer.concat([bytes.subarray(0, exifAt)]).equals(heic.subarray(0, exifAt))).toBe(true);

    expect(await refusal(intake.accept({ stream: chunked(heicContainer(8000, 6000)) }))).toBe(
      'KYC_FILE_TOO_MANY_PIXELS',
    );
  });
});

it('sweeps temporary files a crashed server left more than an hour ago, not fresh ones', async () => {
  const { config, intake } = await setup();
  await mkdir(config.tempDir, { recursive: true });
  const abandoned = path.join(config.tempDir, 'abandoned.upload');
  const fresh = path.join(config.tempDir, 'in-progress-elsewhere.upload');
  await writeFile(abandoned, 'half');
  await writeFile(fresh, 'half');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await utimes(abandoned, twoHoursAgo, twoHoursAgo);
  await intake.accept({ stream: chunked(pdfWith('')) });
  expect(await readdir(config.tempDir)).toEqual(['in-progress-elsewhere.upload']);
});

describe('virus scan through clamd INSTREAM', () => {
  const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
  let server: net.Server;
  let port: number;
  const commands: string[] = [];

  beforeAll(async () => {
    // Speaks clamd's protocol: a z-command, length-prefixed chunks, a zero length, one answer.
    server = net.createServer((socket) => {
      let buffer = Buffer.alloc(0);
      let command: string | undefined;
      const received: Buffer[] = [];
      socket.on('data', (data) => {
        buffer = Buffer.concat([buffer, data]);
        if (command === undefined) {
          const nul = buffer.indexOf(0);
          if (nul < 0) return;
          command = buffer.subarray(0, nul).toString('latin1');
          commands.push(command);
          buffer = buffer.subarray(nul + 1);
        }
        while (buffer.length >= 4) {
          const length = buffer.readUInt32BE(0);
          if (length === 0) {
            const content = Buffer.concat(received).toString('latin1');
            socket.end(content.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
            return;
          }
          if (buffer.length < 4 + length) return;
          received.push(buffer.subarray(4, 4 + length));
          buffer = buffer.subarray(4 + length);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('accepts a clean file and refuses an infected one, leaving nothing', async () => {
    const { intake, leftovers } = await setup({ clamd: { host: '127.0.0.1', port } });
    const clean = pdfWith('');
    await expect(intake.accept({ stream: chunked(clean, 7) })).resolves.toMatchObject({
      contentType: 'application/pdf',
    });
    const infected = Buffer.from(
      pdfWith('').toString('latin1').replace('%PDF-1.7\n', `%PDF-1.7\n%${EICAR}\n`),
      'latin1',
    );
    expect(await refusal(intake.accept({ stream: chunked(infected, 7) }))).toBe('KYC_FILE_INFECTED');
    expect(commands).toEqual(['zINSTREAM', 'zINSTREAM']);
    expect((await leftovers()).length).toBe(1);
  });

  it('refuses while clamd is configured but cannot be reached', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { intake, leftovers } = await setup({ clamd: { host: '127.0.0.1', port: deadPort } });
    expect(await refusal(intake.accept({ stream: chunked(pdfWith('')) }))).toBe('KYC_FILE_SCAN_UNAVAILABLE');
    expect(await leftovers()).toEqual([]);
  });
});

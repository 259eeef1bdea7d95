import { AppError } from '../../../lib/app-error.ts';

/**
 * HEIC without decoding it (the bundled libvips reads AVIF but not HEVC; see
 * docs/decisions/0010-document-intake.md): walks the ISO-BMFF boxes, takes the image size from the
 * `ispe` properties and overwrites the bytes of every Exif and XMP item with zeros in place, so no
 * offset in the file moves. Returns the largest image size it found, in pixels.
 */
export function blankHeicMetadata(file: Buffer): number {
  try {
    return blank(file);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('KYC_FILE_UNREADABLE', {}, { detail: 'The HEIC file structure cannot be read' });
  }
}

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts (after size, type and, for full boxes, the caller skips 4 more). */
  body: number;
  end: number;
}

function* boxes(file: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      size = Number(file.readBigUInt64BE(at + 8));
      body += 8;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < body - at || at + size > to) throw new Error('box overruns its parent');
    yield { type, start: at, body, end: at + size };
    at += size;
  }
}

const child = (file: Buffer, parent: Box, type: string, skip = 0) => {
  for (const box of boxes(file, parent.body + skip, parent.end)) if (box.type === type) return box;
  return undefined;
};

function readSized(file: Buffer, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return file.readUInt32BE(at);
  if (size === 8) return Number(file.readBigUInt64BE(at));
  if (size === 2) return file.readUInt16BE(at);
  throw new Error(`unsupported field size ${size}`);
}

function blank(file: Buffer): number {
  const meta = [...boxes(file, 0, file.length)].find((b) => b.type === 'meta');
  if (!meta) throw new Error('no meta box');
  const metaChildren = [...boxes(file, meta.body + 4, meta.end)];
  const find = (type: string) => metaChildren.find((b) => b.type === type);

  const metadataItems = new Set<number>();
  const iinf = find('iinf');
  if (iinf) {
    const version = file.readUInt8(iinf.body);
    const skip = 4 + (version === 0 ? 2 : 4);
    for (const infe of boxes(file, iinf.body + skip, iinf.end)) {
      if (infe.type !== 'infe') continue;
      const infeVersion = file.readUInt8(infe.body);
      if (infeVersion < 2) continue;
      let at = infe.body + 4;
      const id = infeVersion === 2 ? file.readUInt16BE(at) : file.readUInt32BE(at);
      at += (infeVersion === 2 ? 2 : 4) + 2;
      const itemType = file.toString('latin1', at, at + 4);
      const rest = file.toString('latin1', at + 4, infe.end);
      if (itemType === 'Exif' || (itemType === 'mime' && /xml|xmp/i.test(rest))) metadataItems.add(id);
    }
  }

  const idat = find('idat');
  const iloc = find('iloc');
  if (metadataItems.size > 0) {
    if (!iloc) throw new Error('metadata items without locations');
    const version = file.readUInt8(iloc.body);
    let at = iloc.body + 4;
    const offsetSize = file.readUInt8(at) >> 4;
    const lengthSize = file.readUInt8(at) & 15;
    const baseOffsetSize = file.readUInt8(at + 1) >> 4;
    const indexSize = version >= 1 ? file.readUInt8(at + 1) & 15 : 0;
    at += 2;
    const count = version < 2 ? file.readUInt16BE(at) : file.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    for (let i = 0; i < count; i++) {
      const id = version < 2 ? file.readUInt16BE(at) : file.readUInt32BE(at);
      at += version < 2 ? 2 : 4;
      let method = 0;
      if (version >= 1) {
        method = file.readUInt16BE(at) & 15;
        at += 2;
      }
      at += 2; // data_reference_index
      const base = readSized(file, at, baseOffsetSize);
      at += baseOffsetSize;
      const extents = file.readUInt16BE(at);
      at += 2;
      for (let e = 0; e < extents; e++) {
        at += indexSize;
        const offset = readSized(file, at, offsetSize);
        at += offsetSize;
        const length = readSized(file, at, lengthSize);
        at += lengthSize;
        if (!metadataItems.has(id)) continue;
        if (method === 2) throw new Error('metadata by item reference');
        const origin = method === 1 ? (idat?.body ?? Number.NaN) : 0;
        const start = origin + base + offset;
        const stop = length === 0 ? (method === 1 ? (idat?.end ?? Number.NaN) : file.length) : start + length;
        if (!(start >= 0 && stop <= file.length && start <= stop))
          throw new Error('metadata extent outside the file');
        file.fill(0, start, stop);
      }
    }
  }

  let largest = 0;
  const iprp = find('iprp');
  const ipco = iprp && child(file, iprp, 'ipco');
  if (ipco) {
    for (const property of boxes(file, ipco.body, ipco.end)) {
      if (property.type !== 'ispe') continue;
      const width = file.readUInt32BE(property.body + 4);
      const height = file.readUInt32BE(property.body + 8);
      largest = Math.max(largest, width * height);
    }
  }
  if (largest === 0) throw new Error('no image size');
  return largest;
}

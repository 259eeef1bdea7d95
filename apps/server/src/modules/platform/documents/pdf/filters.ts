import zlib from 'node:zlib';
import { isDict, nameOf, type PdfDict, PdfName, PdfSyntaxError, type PdfValue } from './syntax.ts';

/**
 * Stream filters (§7.4) for the streams whose contents are PDF syntax or cross references: object
 * streams and cross-reference streams. Image filters (DCT, JPX, CCITT, JBIG2) never carry objects and
 * are not decoded; LZW is obsolete since PDF 1.2 for these streams and a stream using it is refused.
 */
export class UnsupportedFilterError extends Error {
  constructor(readonly filter: string) {
    super(`a stream uses the ${filter} filter, which cannot be checked`);
    this.name = 'UnsupportedFilterError';
  }
}

/** A budget of decoded bytes shared by every stream of one file (a decompression bomb stops here). */
export interface InflateBudget {
  left: number;
}

const asList = (value: PdfValue | undefined): PdfValue[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Decodes `data` through the stream's /Filter chain and /DecodeParms. */
export function decodeStream(dict: PdfDict, data: Buffer, budget: InflateBudget, at: number): Buffer {
  const filters = asList(dict.get('Filter'));
  const parms = asList(dict.get('DecodeParms'));
  let out = data;
  filters.forEach((filter, i) => {
    const name = nameOf(filter);
    if (!name) throw new PdfSyntaxError('a stream filter is not a name', at);
    const parm = parms[i];
    out = decodeOne(name, out, isDict(parm) ? parm : undefined, budget, at);
  });
  return out;
}

function decodeOne(
  filter: string,
  data: Buffer,
  parms: PdfDict | undefined,
  budget: InflateBudget,
  at: number,
): Buffer {
  let out: Buffer;
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      out = inflate(data, budget, at);
      break;
    case 'ASCIIHexDecode':
    case 'AHx':
      out = asciiHex(data, at);
      break;
    case 'ASCII85Decode':
    case 'A85':
      out = ascii85(data, at);
      break;
    case 'RunLengthDecode':
    case 'RL':
      out = runLength(data, budget, at);
      break;
    default:
      throw new UnsupportedFilterError(filter);
  }
  return parms ? unpredict(out, parms, at) : out;
}

function inflate(data: Buffer, budget: InflateBudget, at: number): Buffer {
  try {
    const out = zlib.inflateSync(data, {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      maxOutputLength: Math.max(1, budget.left),
    });
    budget.left -= out.length;
    return out;
  } catch {
    throw new PdfSyntaxError('a compressed stream cannot be decompressed or is too large', at);
  }
}

function asciiHex(data: Buffer, at: number): Buffer {
  const text = data.toString('latin1').replace(/[\0\t\n\f\r ]/g, '');
  const end = text.indexOf('>');
  const digits = end < 0 ? text : text.slice(0, end);
  if (!/^[0-9A-Fa-f]*$/.test(digits)) throw new PdfSyntaxError('an ASCIIHex stream is not hexadecimal', at);
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85(data: Buffer, at: number): Buffer {
  const text = data.toString('latin1').replace(/[\0\t\n\f\r ]/g, '');
  const end = text.indexOf('~>');
  const body = (end < 0 ? text : text.slice(0, end)).replace(/^<~/, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let i = 3; i >= 4 - count; i--) out.push(Math.floor(value / 256 ** i) % 256);
  };
  for (const char of body) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = char.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) throw new PdfSyntaxError('an ASCII85 stream has a foreign character', at);
    group.push(digit);
    if (group.length === 5) {
      flush(4);
      group = [];
    }
  }
  if (group.length === 1) throw new PdfSyntaxError('an ASCII85 stream ends half-way', at);
  if (group.length) {
    const count = group.length - 1;
    while (group.length < 5) group.push(84);
    flush(count);
  }
  return Buffer.from(out);
}

function runLength(data: Buffer, budget: InflateBudget, at: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < data.length; ) {
    const length = data[i++]!;
    if (length === 128) break;
    const chunk = length < 128 ? data.subarray(i, i + length + 1) : Buffer.alloc(257 - length, data[i] ?? 0);
    i += length < 128 ? length + 1 : 1;
    size += chunk.length;
    if (size > budget.left) throw new PdfSyntaxError('a run-length stream is too large', at);
    out.push(chunk);
  }
  budget.left -= size;
  return Buffer.concat(out);
}

const numberOf = (dict: PdfDict, key: string, fallback: number) => {
  const value = dict.get(key);
  return typeof value === 'number' ? value : fallback;
};

/** Undoes a PNG (10–15) or TIFF (2) predictor, as cross-reference streams usually carry one. */
function unpredict(data: Buffer, parms: PdfDict, at: number): Buffer {
  const predictor = numberOf(parms, 'Predictor', 1);
  if (predictor === 1) return data;
  const colors = numberOf(parms, 'Colors', 1);
  const bits = numberOf(parms, 'BitsPerComponent', 8);
  const columns = numberOf(parms, 'Columns', 1);
  if (![1, 2, 4, 8, 16].includes(bits) || colors < 1 || colors > 32 || columns < 1 || columns > 1e6) {
    throw new PdfSyntaxError('a stream predictor has impossible parameters', at);
  }
  const pixelBytes = Math.max(1, (colors * bits) >> 3);
  const rowBytes = (colors * bits * columns + 7) >> 3;
  if (predictor === 2) return tiff(data, rowBytes, pixelBytes, bits, at);
  if (predictor < 10 || predictor > 15) throw new PdfSyntaxError('an unknown stream predictor', at);
  return png(data, rowBytes, pixelBytes, at);
}

function png(data: Buffer, rowBytes: number, pixelBytes: number, at: number): Buffer {
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i]!;
      const left = i >= pixelBytes ? out[dst + i - pixelBytes]! : 0;
      const up = r > 0 ? out[dst - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= pixelBytes ? out[dst - rowBytes + i - pixelBytes]! : 0;
      let value: number;
      if (type === 0) value = raw;
      else if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) value = raw + paeth(left, up, upLeft);
      else throw new PdfSyntaxError('an unknown PNG predictor row type', at);
      out[dst + i] = value & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function tiff(data: Buffer, rowBytes: number, pixelBytes: number, bits: number, at: number): Buffer {
  if (bits !== 8) throw new PdfSyntaxError('a TIFF predictor below 8 bits per component', at);
  const out = Buffer.from(data);
  for (let row = 0; row + rowBytes <= out.length; row += rowBytes) {
    for (let i = pixelBytes; i < rowBytes; i++)
      out[row + i] = (out[row + i]! + out[row + i - pixelBytes]!) & 0xff;
  }
  return out;
}

/** Whether a stream's dictionary says it holds image data only (never objects), by its filters. */
export const isImageFilter = (dict: PdfDict) =>
  asList(dict.get('Filter')).some((f) =>
    ['DCTDecode', 'DCT', 'JPXDecode', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode'].includes(
      f instanceof PdfName ? f.name : '',
    ),
  );

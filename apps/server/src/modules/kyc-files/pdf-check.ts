import zlib from 'node:zlib';
import { AppError } from '../../lib/app-error.ts';

/**
 * Names that make a PDF act rather than show: scripts (/JS, /JavaScript, XFA forms, which carry
 * scripts of their own) and /Launch, which starts a program. /AA and /OpenAction only say *when*
 * an action runs; the action itself is one of these, so finding these finds them.
 */
const ACTIVE_NAME = /\/(?:JS|JavaScript|Launch|XFA)(?=[\s/[\]<>(){}%]|$)/;

/** A name may spell its letters as #xx (/J#61vaScript is /JavaScript); decode before looking. */
const decodeNames = (text: string) =>
  text.replace(/\/[^\s/[\]<>(){}%]*/g, (name) =>
    name.includes('#')
      ? name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      : name,
  );

/** Object streams hold compressed dictionaries, where the names above hide; their total inflated size is capped. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * Refuses a PDF with active content, looking at the file's own dictionaries and inside its
 * Flate-compressed object streams (/ObjStm). Encrypted PDFs hide their strings and streams and
 * are refused as uncheckable.
 */
export function checkPdf(bytes: Buffer): void {
  const text = decodeNames(bytes.toString('latin1'));
  if (!text.includes('%%EOF')) throw new AppError('KYC_FILE_UNREADABLE');
  if (/\/Encrypt(?=[\s/[\]<>(){}%])/.test(text)) throw new AppError('KYC_FILE_ENCRYPTED');
  if (ACTIVE_NAME.test(text)) throw new AppError('KYC_FILE_ACTIVE_CONTENT');
  let inflatedTotal = 0;
  for (const stream of objectStreams(bytes, text)) {
    if (!stream.flate)
      throw new AppError(
        'KYC_FILE_UNREADABLE',
        {},
        { detail: 'A PDF object stream uses an unsupported filter' },
      );
    let inflated: Buffer;
    try {
      inflated = zlib.inflateSync(stream.data, {
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        maxOutputLength: MAX_INFLATED_BYTES - inflatedTotal,
      });
    } catch {
      throw new AppError('KYC_FILE_UNREADABLE', {}, { detail: 'A PDF object stream cannot be decompressed' });
    }
    inflatedTotal += inflated.length;
    if (ACTIVE_NAME.test(decodeNames(inflated.toString('latin1'))))
      throw new AppError('KYC_FILE_ACTIVE_CONTENT');
  }
}

/**
 * Each `stream … endstream` whose dictionary says /Type /ObjStm, with whether it is plain Flate
 * without a predictor (a predictor would scramble the names it holds, so it counts as uncheckable).
 * A direct /Length is trusted over the next `endstream`, which compressed bytes may contain.
 */
function* objectStreams(bytes: Buffer, text: string): Generator<{ data: Buffer; flate: boolean }> {
  const keyword = /\bstream(\r\n|\n|\r)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const objStart = text.lastIndexOf(' obj', match.index);
    const dictionary = text.slice(objStart < 0 ? Math.max(0, match.index - 4096) : objStart, match.index);
    const dataStart = match.index + match[0].length;
    const directLength = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
    const lengthEnd = directLength === undefined ? -1 : dataStart + Number(directLength);
    const end =
      lengthEnd >= dataStart && lengthEnd <= bytes.length ? lengthEnd : text.indexOf('endstream', dataStart);
    if (end < 0) return;
    keyword.lastIndex = end;
    if (!/\/Type\s*\/ObjStm/.test(dictionary)) continue;
    const filters = [...dictionary.matchAll(/\/(\w+Decode)\b/g)].map((m) => m[1]);
    const predictor = /\/Predictor\s+(\d+)/.exec(dictionary)?.[1];
    yield {
      data: bytes.subarray(dataStart, end),
      flate:
        filters.length === 1 &&
        filters[0] === 'FlateDecode' &&
        (predictor === undefined || predictor === '1'),
    };
  }
}

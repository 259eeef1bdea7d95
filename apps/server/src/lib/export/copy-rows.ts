import type { SheetRows } from './xlsx.ts';
import { type CellType, columnName, typedCellXml } from './xlsx-cells.ts';

/**
 * Rows of `COPY … TO STDOUT` in text format, as they came: UTF-8, a tab between cells, LF after each
 * row. Row i spans `bytes` from ends[i - 1] + 1 (0 for the first) to ends[i].
 */
export interface CopyBatch {
  bytes: Buffer;
  ends: number[];
}

const TAB = 0x09;
const LF = 0x0a;
const BACKSLASH = 0x5c;

/**
 * COPY's output cut at row ends: each batch holds the rows completed by one chunk (a row cut by the
 * chunk's end is carried over to the next). LF ends a row: inside a value COPY writes it `\n`.
 */
export async function* copyBatches(copy: AsyncIterable<Buffer>): AsyncGenerator<CopyBatch> {
  let rest: Buffer | undefined;
  for await (const chunk of copy) {
    const bytes = rest ? Buffer.concat([rest, chunk]) : chunk;
    const ends: number[] = [];
    for (let end = bytes.indexOf(LF); end !== -1; end = bytes.indexOf(LF, end + 1)) ends.push(end);
    const last = ends.length > 0 ? ends[ends.length - 1]! + 1 : 0;
    rest = last < bytes.length ? bytes.subarray(last) : undefined;
    if (ends.length > 0) yield { bytes, ends };
  }
  if (rest) throw new Error('COPY ended inside a row');
}

/** COPY's text format escapes these (and the backslash itself) with a backslash. */
const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A cell of COPY's text format as the value it stands for: null for `\N`. */
export function copyCell(raw: string): string | null {
  if (raw === '\\N') return null;
  return raw.includes('\\') ? raw.replace(/\\(.)/g, (_, c: string) => ESCAPED[c] ?? c) : raw;
}

/**
 * Bytes that send a cell the slow way (decoded, unescaped, then cellXml): controls (COPY's tab
 * delimiter aside, which ends the cell), & < > (markup), the backslash (COPY's escapes), `_` (it may
 * start Excel's `_xHHHH_` escape) and 0xEF (it may start U+FFFE or U+FFFF). Everything else, UTF-8
 * included, is copied as it is.
 */
const SLOW = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) SLOW[b] = 1;
for (const c of '&<>\\_') SLOW[c.charCodeAt(0)] = 1;
SLOW[0xef] = 1;

const ascii = (text: string) => Buffer.from(text, 'latin1');

/**
 * Copies bytes in a loop: for the few bytes of a cell or a tag, Buffer.copy's call costs far more
 * than the copy itself (it took over a third of the CPU, bench:export).
 */
function put(from: Uint8Array, start: number, end: number, to: Buffer, at: number): number {
  for (let i = start; i < end; i++) to[at++] = from[i]!;
  return at;
}

export interface CopyXlsxColumn {
  /** How its cells are typed (xlsx-cells.ts): a decimal, an instant or a day; untyped is text. */
  type?: CellType;
}

/**
 * COPY's rows written as sheet XML byte for byte, without becoming JavaScript strings: a million
 * rows would otherwise be decoded, split, concatenated and encoded again, several times the CPU
 * (bench:export). A decimal that is not plain digits, a date, and the rare text holding a byte of
 * SLOW, is decoded and written by typedCellXml instead, so both ways give the same XML.
 */
export function copySheetRows(columns: readonly CopyXlsxColumn[]): SheetRows<CopyBatch> {
  const opens = columns.map((_, i) => ascii(`<c r="${columnName(i)}`));
  const textOpen = ascii('" t="inlineStr"><is><t>');
  const textOpenPreserve = ascii('" t="inlineStr"><is><t xml:space="preserve">');
  const textClose = ascii('</t></is></c>');
  const numberOpen = ascii('"><v>');
  const numberClose = ascii('</v></c>');
  const rowOpen = ascii('<row r="');
  const rowOpenEnd = ascii('">');
  const rowClose = ascii('</row>');
  /** The most fixed bytes around one cell, its row number included. */
  const perCell = Math.max(...opens.map((o) => o.length)) + 7 + textOpenPreserve.length + textClose.length;
  const perRow = rowOpen.length + 7 + rowOpenEnd.length + rowClose.length;
  const digits = new Uint8Array(16);

  return {
    count: (batch) => batch.ends.length,
    write({ bytes, ends }, index, row, out) {
      let start = index === 0 ? 0 : ends[index - 1]! + 1;
      const rowEnd = ends[index]!;
      const number = String(row);
      for (let i = 0; i < number.length; i++) digits[i] = number.charCodeAt(i);
      const digitsEnd = number.length;
      out.reserve(perRow + columns.length * perCell + (rowEnd - start));
      let buffer = out.buffer;
      let at = put(rowOpen, 0, rowOpen.length, buffer, out.used);
      at = put(digits, 0, digitsEnd, buffer, at);
      at = put(rowOpenEnd, 0, rowOpenEnd.length, buffer, at);
      for (let col = 0; col < columns.length; col++) {
        // The cell's end, and whether it can be copied as it is.
        let end = start;
        let slow = false;
        let plainNumber = true;
        for (; end < rowEnd; end++) {
          const b = bytes[end]!;
          if (b === TAB) break;
          if (SLOW[b] === 1) slow = true;
          if (b < 0x30 || b > 0x39) plainNumber = false;
        }
        const type = columns[col]!.type;
        const asNumber = type === 'decimal';
        // Digits only, and as Number() would write them back: no leading zero, within 2^53.
        plainNumber &&= end > start && end - start <= 15 && (bytes[start] !== 0x30 || end - start === 1);
        if (end - start === 2 && bytes[start] === BACKSLASH && bytes[start + 1] === 0x4e) {
          // \N, a missing value: no cell at all
        } else if (asNumber ? !plainNumber : slow || type !== undefined) {
          out.used = at;
          const value = copyCell(bytes.toString('utf8', start, end));
          out.text(typedCellXml(`${columnName(col)}${row}`, value, type));
          out.reserve(perRow + (columns.length - col) * perCell + (rowEnd - end));
          buffer = out.buffer;
          at = out.used;
        } else {
          const open = opens[col]!;
          at = put(open, 0, open.length, buffer, at);
          at = put(digits, 0, digitsEnd, buffer, at);
          const preserve = !asNumber && end > start && (bytes[start] === 0x20 || bytes[end - 1] === 0x20);
          const before = asNumber ? numberOpen : preserve ? textOpenPreserve : textOpen;
          const after = asNumber ? numberClose : textClose;
          at = put(before, 0, before.length, buffer, at);
          at = put(bytes, start, end, buffer, at);
          at = put(after, 0, after.length, buffer, at);
        }
        start = end + 1;
      }
      out.used = put(rowClose, 0, rowClose.length, buffer, at);
    },
  };
}

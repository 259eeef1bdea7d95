import { decodeStream, type InflateBudget } from './filters.ts';
import {
  isDict,
  isWhite,
  nameOf,
  type PdfDict,
  PdfReader,
  PdfRef,
  PdfSyntaxError,
  type PdfValue,
} from './syntax.ts';

/** One object of the file, wherever it stood: the file's body, or inside an object stream. */
export interface PdfObject {
  num: number;
  gen: number;
  value: PdfValue;
  /** Where its `num gen obj` starts; for an object in an object stream, that stream's offset. */
  offset: number;
  /** A stream's raw (still encoded) bytes. */
  data?: Buffer;
}

export interface PdfFile {
  /**
   * Every object defined anywhere, earlier revisions of an incrementally updated file included: a
   * reader that rebuilds a damaged file may revive a superseded object, so each is looked at.
   */
  objects: PdfObject[];
  /** Each definition of `num gen` (more than one after incremental updates). */
  definitions(ref: PdfRef): PdfValue[];
  /** The trailers and cross-reference stream dictionaries. */
  trailers: PdfDict[];
}

export class PdfEncryptedError extends Error {}

interface XrefEntry {
  num: number;
  gen: number;
  /** A byte offset (type 1) or, with `stream`, the object stream holding it (type 2). */
  offset: number;
  stream?: number;
}

/** Decoded bytes one file may expand to, across all its object and cross-reference streams. */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;

/**
 * Reads a whole PDF strictly: from the header to the last `%%EOF` every byte belongs to an object,
 * a cross-reference section, a trailer, `startxref`, white space or a comment, so nothing can hide
 * between objects (an HTML page behind a PDF header is refused). Object streams are opened, and the
 * cross references must point at the objects as read, so a viewer that follows them sees the same
 * file. Throws PdfSyntaxError, UnsupportedFilterError or PdfEncryptedError.
 */
export function readPdf(bytes: Buffer): PdfFile {
  if (!/^%PDF-\d\.\d/.test(bytes.toString('latin1', 0, 16))) {
    throw new PdfSyntaxError('the file does not open with a PDF header', 0);
  }
  const body = readBody(bytes);
  if (body.trailers.some((t) => t.has('Encrypt'))) throw new PdfEncryptedError('the PDF is encrypted');
  const budget: InflateBudget = { left: MAX_DECODED_BYTES };
  const byKey = new Map<string, PdfObject[]>();
  const add = (object: PdfObject) => {
    const key = `${object.num} ${object.gen}`;
    byKey.set(key, [...(byKey.get(key) ?? []), object]);
  };
  for (const object of body.objects) add(object);

  const inStreams = new Map<number, Set<number>>();
  const entries: XrefEntry[] = [...body.tableEntries];
  for (const object of body.objects) {
    if (!isDict(object.value) || !object.data) continue;
    const type = nameOf(object.value.get('Type'));
    if (type === 'ObjStm') {
      const inner = objectStreamObjects(object, budget);
      inStreams.set(object.num, new Set(inner.map((o) => o.num)));
      for (const o of inner) add(o);
    } else if (type === 'XRef') {
      body.trailers.push(object.value);
      entries.push(...xrefStreamEntries(object, budget));
      const previous = object.value.get('Prev');
      if (typeof previous === 'number') body.sectionPointers.push(previous);
    }
  }
  const file: PdfFile = {
    objects: [...byKey.values()].flat(),
    definitions: (ref) => (byKey.get(ref.key) ?? []).map((o) => o.value),
    trailers: body.trailers,
  };
  checkLengths(body.indirectLengths, file);
  checkCrossReferences(bytes, body, entries, byKey, inStreams);
  return file;
}

interface Body {
  objects: PdfObject[];
  trailers: PdfDict[];
  tableEntries: XrefEntry[];
  /** Where each `xref` keyword of a cross-reference table stands. */
  tableOffsets: number[];
  /** /Prev and /XRefStm values: each must point at a section. */
  sectionPointers: number[];
  /** The last `startxref`: where viewers begin (an earlier one, such as a linearized file's 0, is unused). */
  startxref?: number;
  indirectLengths: { ref: PdfRef; length: number; at: number }[];
}

function readBody(bytes: Buffer): Body {
  const r: PdfReader = new PdfReader(bytes);
  const body: Body = {
    objects: [],
    trailers: [],
    tableEntries: [],
    tableOffsets: [],
    sectionPointers: [],
    indirectLengths: [],
  };
  let lastEof = -1;
  let lastItem = 0;
  for (;;) {
    r.skipSpace((text, at) => {
      if (text.startsWith('%%EOF')) lastEof = at;
    });
    if (r.atEnd()) break;
    lastItem = r.pos;
    const header = r.objectHeader();
    if (header) {
      r.pos += header.length;
      body.objects.push(readIndirectObject(r, header.num, header.gen, lastItem, body));
    } else if (r.take('xref')) {
      body.tableOffsets.push(lastItem);
      body.tableEntries.push(...readXrefTable(r));
    } else if (r.take('trailer')) {
      const trailer = r.value();
      if (!isDict(trailer)) r.fail('a trailer is not a dictionary', lastItem);
      body.trailers.push(trailer);
      for (const key of ['Prev', 'XRefStm']) {
        const pointer = trailer.get(key);
        if (typeof pointer === 'number') body.sectionPointers.push(pointer);
      }
    } else if (r.take('startxref')) {
      body.startxref = r.integer();
    } else {
      r.fail("content outside the PDF's objects");
    }
  }
  if (lastEof < lastItem) r.fail('the PDF does not end with %%EOF', lastItem);
  if (!body.objects.length) r.fail('the PDF holds no objects', 0);
  return body;
}

function readIndirectObject(r: PdfReader, num: number, gen: number, offset: number, body: Body): PdfObject {
  const value = r.value();
  r.skipSpace();
  if (!r.take('stream')) {
    r.expect('endobj');
    return { num, gen, value, offset };
  }
  if (!isDict(value)) r.fail('a stream without a dictionary', offset);
  // The keyword ends with CRLF or LF (§7.3.8.1); a lone CR is read as well, as viewers do.
  if (r.peek() === 0x0d) r.pos++;
  if (r.peek() === 0x0a) r.pos++;
  const start = r.pos;
  const end = streamEnd(r, value, start, body);
  r.pos = end;
  r.skipSpace();
  r.expect('endstream');
  r.expect('endobj');
  return { num, gen, value, offset, data: r.bytes.subarray(start, end) };
}

/** Where a stream's data ends: by a direct /Length when `endstream` follows it, else by the keyword. */
function streamEnd(r: PdfReader, dict: PdfDict, start: number, body: Body): number {
  const length = dict.get('Length');
  if (typeof length === 'number') {
    const end = start + length;
    if (!Number.isInteger(length) || length < 0 || end > r.end)
      r.fail("a stream's /Length is impossible", start);
    let probe = end;
    while (probe < r.end && isWhite(r.bytes[probe])) probe++;
    if (r.bytes.toString('latin1', probe, probe + 9) !== 'endstream') {
      r.fail("a stream's /Length does not match its data", start);
    }
    return end;
  }
  if (!(length instanceof PdfRef)) r.fail('a stream has no /Length', start);
  const keyword = r.bytes.indexOf('endstream', start, 'latin1');
  if (keyword < 0) r.fail('a stream without endstream', start);
  let end = keyword;
  if (r.bytes[end - 1] === 0x0a) end--;
  if (r.bytes[end - 1] === 0x0d) end--;
  end = Math.max(start, end);
  body.indirectLengths.push({ ref: length, length: end - start, at: start });
  return end;
}

function readXrefTable(r: PdfReader): XrefEntry[] {
  const entries: XrefEntry[] = [];
  for (;;) {
    r.skipSpace();
    if (r.word() === 'trailer' || r.atEnd()) return entries;
    const first = r.integer();
    const count = r.integer();
    if (count > 10_000_000) r.fail('a cross-reference section is impossibly long');
    for (let i = 0; i < count; i++) {
      const offset = r.integer();
      const gen = r.integer();
      r.skipSpace();
      const kind = r.word();
      if (kind !== 'n' && kind !== 'f') r.fail('a cross-reference entry is neither n nor f');
      r.pos += 1;
      if (kind === 'n') entries.push({ num: first + i, gen, offset });
    }
  }
}

const integerIn = (dict: PdfDict, key: string, at: number): number => {
  const value = dict.get(key);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new PdfSyntaxError(`/${key} is not a whole number`, at);
  }
  return value;
};

/** The objects an object stream holds (§7.5.7): N pairs of numbers, then the objects from /First. */
function objectStreamObjects(stream: PdfObject, budget: InflateBudget): PdfObject[] {
  const dict = stream.value as PdfDict;
  const data = decodeStream(dict, stream.data!, budget, stream.offset);
  const count = integerIn(dict, 'N', stream.offset);
  const first = integerIn(dict, 'First', stream.offset);
  if (first > data.length)
    throw new PdfSyntaxError('an object stream is shorter than its /First', stream.offset);
  const header = new PdfReader(data, 0, first);
  const objects: PdfObject[] = [];
  for (let i = 0; i < count; i++) {
    const num = header.integer();
    const at = first + header.integer();
    if (at >= data.length) throw new PdfSyntaxError('an object stream points past its end', stream.offset);
    const value = new PdfReader(data, at).value();
    objects.push({ num, gen: 0, value, offset: stream.offset });
  }
  return objects;
}

/** A cross-reference stream's entries (§7.5.8): /W field widths over the /Index ranges. */
function xrefStreamEntries(stream: PdfObject, budget: InflateBudget): XrefEntry[] {
  const dict = stream.value as PdfDict;
  const at = stream.offset;
  const data = decodeStream(dict, stream.data!, budget, at);
  const widths = dict.get('W');
  if (
    !Array.isArray(widths) ||
    widths.length !== 3 ||
    !widths.every((w) => typeof w === 'number' && w >= 0 && w <= 8)
  ) {
    throw new PdfSyntaxError('a cross-reference stream has no valid /W', at);
  }
  const [w1, w2, w3] = widths as number[];
  const size = integerIn(dict, 'Size', at);
  const index = dict.get('Index') ?? [0, size];
  if (!Array.isArray(index) || index.length % 2 || !index.every((n) => typeof n === 'number')) {
    throw new PdfSyntaxError('a cross-reference stream has no valid /Index', at);
  }
  const rowBytes = w1! + w2! + w3!;
  const field = (row: number, from: number, width: number) => {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + data[row + from + i]!;
    return value;
  };
  const entries: XrefEntry[] = [];
  let row = 0;
  for (let i = 0; i < index.length; i += 2) {
    const firstNum = index[i] as number;
    for (let n = 0; n < (index[i + 1] as number); n++, row += rowBytes) {
      if (row + rowBytes > data.length) throw new PdfSyntaxError('a cross-reference stream is cut short', at);
      const type = w1 === 0 ? 1 : field(row, 0, w1!);
      const second = field(row, w1!, w2!);
      const third = field(row, w1! + w2!, w3!);
      if (type === 1) entries.push({ num: firstNum + n, gen: third, offset: second });
      else if (type === 2) entries.push({ num: firstNum + n, gen: 0, offset: 0, stream: second });
    }
  }
  return entries;
}

/** An indirect /Length must agree with where `endstream` was found (an end-of-line either way). */
function checkLengths(lengths: Body['indirectLengths'], file: PdfFile): void {
  for (const { ref, length, at } of lengths) {
    const values = file.definitions(ref);
    const ok =
      values.length > 0 && values.every((v) => typeof v === 'number' && v >= length && v <= length + 2);
    if (!ok) throw new PdfSyntaxError("a stream's /Length does not match its data", at);
  }
}

/** Whether only white space stands between `from` and `to` (writers are sometimes a byte off). */
const onlySpaceBetween = (bytes: Buffer, from: number, to: number) => {
  if (from > to || to - from > 16) return false;
  for (let i = from; i < to; i++) if (!isWhite(bytes[i])) return false;
  return true;
};

/**
 * Every in-use cross-reference entry points at the object as read (or into an object stream that
 * holds it), and the last `startxref`, every /Prev and /XRefStm at a section: otherwise viewers rebuild the
 * file by scanning for objects, and could find ones this reader did not.
 */
function checkCrossReferences(
  bytes: Buffer,
  body: Body,
  entries: XrefEntry[],
  byKey: Map<string, PdfObject[]>,
  inStreams: Map<number, Set<number>>,
): void {
  const xrefStreamOffsets = body.objects
    .filter((o) => isDict(o.value) && nameOf(o.value.get('Type')) === 'XRef')
    .map((o) => o.offset);
  const sections = [...body.tableOffsets, ...xrefStreamOffsets];
  if (body.startxref === undefined) throw new PdfSyntaxError('the PDF has no startxref', bytes.length);
  for (const pointer of [body.startxref, ...body.sectionPointers]) {
    if (!sections.some((s) => onlySpaceBetween(bytes, pointer, s))) {
      throw new PdfSyntaxError('startxref does not point at a cross-reference section', pointer);
    }
  }
  for (const entry of entries) {
    if (entry.stream !== undefined) {
      if (!inStreams.get(entry.stream)?.has(entry.num)) {
        throw new PdfSyntaxError(
          `object ${entry.num} is not in the object stream the cross references name`,
          0,
        );
      }
      continue;
    }
    const defined = byKey.get(`${entry.num} ${entry.gen}`) ?? [];
    if (!defined.some((o) => onlySpaceBetween(bytes, entry.offset, o.offset))) {
      throw new PdfSyntaxError(`the cross references misplace object ${entry.num}`, entry.offset);
    }
  }
}

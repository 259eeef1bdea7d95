// Reads a sanctions or PEP list file as it streams in: OFAC's SDN CSV (no header, twelve columns), the
// UN Security Council consolidated list (XML) and OpenSanctions' simplified CSV (a header row). A
// malformed file stops the read with an error naming where and what; nothing is written before the
// whole file has been read.
import type { fraudApi } from '@backdesk/contract';
import { SaxesParser } from 'saxes';
import { z } from 'zod';
import { AppError } from '../../../../lib/app-error.ts';
import { countryCode } from './countries.ts';

export interface ParsedEntry {
  ref: string;
  kind: 'person' | 'entity';
  name: string;
  aliases: string[];
  birthDates: string[];
  nationalities: string[];
  programme: string | null;
}

/** What a field may hold at most; longer text is cut (a list's remarks can run long). */
const MAX_FIELD = 2000;
const clip = (s: string) => s.trim().slice(0, MAX_FIELD);
const uniq = (items: string[]) => [...new Set(items.filter(Boolean))];
const nationalitiesOf = (names: string[]) => uniq(names.map((n) => countryCode(n) ?? '').filter(Boolean));

const calendarDay = z.iso.date();
/**
 * A birth date as the lists give one (a year, a year and month, or a day) that is on the calendar
 * between 1800 and 2200: "2026-02-30" or "0000-01-01" in a file is dropped, not stored.
 */
function onCalendar(date: string): boolean {
  if (!/^\d{4}(-\d{2}){0,2}$/.test(date)) return false;
  const year = Number(date.slice(0, 4));
  return year >= 1800 && year <= 2200 && calendarDay.safeParse(`${date}-01-01`.slice(0, 10)).success;
}

// ── CSV, streamed: fields and records by RFC 4180, with each record's first line ────────────────

export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Feed text in any chunks; each call returns the records completed so far. */
export class CsvReader {
  private field = '';
  private fields: string[] = [];
  private quoted = false;
  private quoteSeen = false;
  private line = 1;
  private recordLine = 1;
  private atFieldStart = true;

  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    for (const ch of text) {
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (ch === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
        } else if (ch === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          if (ch === '\n') this.line++;
          this.field += ch;
          continue;
        }
      }
      if (ch === '"' && this.atFieldStart) {
        this.quoted = true;
        this.atFieldStart = false;
      } else if (ch === ',') {
        this.fields.push(this.field);
        this.field = '';
        this.atFieldStart = true;
      } else if (ch === '\n') {
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
      } else if (ch !== '\r') {
        this.field += ch;
        this.atFieldStart = false;
      }
    }
    return out;
  }

  /** The last record; refuses a quote left open. */
  end(): CsvRecord[] {
    if (this.quoted && !this.quoteSeen)
      throw new AppError('SCREENING_FILE_CSV_QUOTE', { line: this.recordLine });
    const out: CsvRecord[] = [];
    this.endRecord(out);
    return out;
  }

  private endRecord(out: CsvRecord[]): void {
    this.fields.push(this.field);
    // OFAC's file ends with a lone SUB character (0x1A), a DOS end-of-file mark: a blank line too.
    const blank =
      this.fields.length === 1 && this.fields[0]!.split(String.fromCharCode(0x1a)).join('').trim() === '';
    if (!blank) out.push({ line: this.recordLine, fields: this.fields });
    this.fields = [];
    this.field = '';
    this.quoted = false;
    this.quoteSeen = false;
    this.atFieldStart = true;
  }
}

// ── OFAC SDN CSV ─────────────────────────────────────────────────────────────────────────────────

/** ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks */
const OFAC_COLUMNS = 12;
const OFAC_NULL = '-0-';
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "DOB 12 Mar 1975", "DOB Mar 1975", "DOB circa 1975", "DOB 1975 to 1977" → 1975-03-12, 1975-03, 1975. */
function ofacDate(text: string): string | null {
  const full = /(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})/.exec(text);
  if (full) {
    const month = MONTHS.indexOf(full[2]!.toLowerCase()) + 1;
    if (month > 0) return `${full[3]}-${String(month).padStart(2, '0')}-${full[1]!.padStart(2, '0')}`;
  }
  const monthYear = /([A-Za-z]{3})[a-z]* (\d{4})/.exec(text);
  if (monthYear) {
    const month = MONTHS.indexOf(monthYear[1]!.toLowerCase()) + 1;
    if (month > 0) return `${monthYear[2]}-${String(month).padStart(2, '0')}`;
  }
  return /(\d{4})/.exec(text)?.[1] ?? null;
}

/** "Turkey", "SAHIN, Isil" from an SDN name or remarks: SURNAME, Given → Given SURNAME for display. */
const ofacName = (text: string) => {
  const [surname, given] = text.split(/,\s*/, 2);
  return given ? `${given} ${surname}` : text;
};

export function ofacEntry(record: CsvRecord): ParsedEntry | null {
  if (record.fields.length !== OFAC_COLUMNS)
    throw new AppError('SCREENING_FILE_CSV_COLUMNS', {
      line: record.line,
      expected: OFAC_COLUMNS,
      found: record.fields.length,
    });
  const [entNum = '', rawName = '', rawType = '', program = '', , , , , , , , rawRemarks = ''] =
    record.fields.map((f) => (f.trim() === OFAC_NULL ? '' : f.trim()));
  if (!/^\d{1,12}$/.test(entNum))
    throw new AppError('SCREENING_FILE_FIELD', { line: record.line, column: 'ent_num' });
  if (!rawName) throw new AppError('SCREENING_FILE_FIELD', { line: record.line, column: 'SDN_Name' });
  const type = rawType.toLowerCase();
  if (type === 'vessel' || type === 'aircraft') return null;
  const remarks = rawRemarks.split(';').map((r) => r.trim());
  const aliases = [...rawRemarks.matchAll(/a\.k\.a\.,?\s*'([^']+)'/gi)].map((m) => clip(ofacName(m[1]!)));
  const births = remarks.filter((r) => /^DOB\b/i.test(r)).map((r) => ofacDate(r.slice(3)) ?? '');
  const countries = remarks
    .map((r) => /^(?:nationality|citizen)\s+(.+)$/i.exec(r)?.[1] ?? '')
    .map((c) => c.replace(/\.$/, ''));
  return {
    ref: entNum,
    kind: type === 'individual' ? 'person' : 'entity',
    name: clip(ofacName(rawName)),
    aliases: uniq(aliases),
    birthDates: uniq(births),
    nationalities: nationalitiesOf(countries),
    programme: program ? clip(program.replace(/^\[|\]$/g, '')) : null,
  };
}

// ── OpenSanctions simplified CSV ────────────────────────────────────────────────────────────────

const OPENSANCTIONS_REQUIRED = ['id', 'schema', 'name', 'aliases', 'birth_date', 'countries'] as const;
const OPENSANCTIONS_ENTITIES = new Set(['organization', 'company', 'legalentity', 'publicbody']);

export function openSanctionsReader(header: CsvRecord) {
  const columns = header.fields.map((f) =>
    f
      .trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase(),
  );
  for (const column of OPENSANCTIONS_REQUIRED)
    if (!columns.includes(column)) throw new AppError('SCREENING_FILE_CSV_HEADER', { column });
  const at = (name: string) => columns.indexOf(name);
  const many = (text: string | undefined) => uniq((text ?? '').split(';').map((s) => clip(s)));
  return (record: CsvRecord): ParsedEntry | null => {
    if (record.fields.length !== columns.length)
      throw new AppError('SCREENING_FILE_CSV_COLUMNS', {
        line: record.line,
        expected: columns.length,
        found: record.fields.length,
      });
    const f = (name: string) => (at(name) >= 0 ? record.fields[at(name)]!.trim() : '');
    const schema = f('schema').toLowerCase();
    if (!f('id')) throw new AppError('SCREENING_FILE_FIELD', { line: record.line, column: 'id' });
    if (!f('name')) throw new AppError('SCREENING_FILE_FIELD', { line: record.line, column: 'name' });
    const kind = schema === 'person' ? 'person' : OPENSANCTIONS_ENTITIES.has(schema) ? 'entity' : null;
    if (!kind) return null;
    return {
      ref: clip(f('id')),
      kind,
      name: clip(f('name')),
      aliases: many(f('aliases')),
      birthDates: many(f('birth_date')),
      nationalities: nationalitiesOf(many(f('countries'))),
      programme: f('sanctions') ? clip(f('sanctions').split(';')[0]!) : null,
    };
  };
}

// ── UN consolidated list (XML) ─────────────────────────────────────────────────────────────────

const UN_ROOT = 'CONSOLIDATED_LIST';
const UN_RECORDS = new Set(['INDIVIDUAL', 'ENTITY']);
const UN_NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];

/** Feeds XML text; returns the entries completed by each chunk. */
export function unReader() {
  const parser = new SaxesParser({ position: true });
  let pending: ParsedEntry[] = [];
  let failure: AppError | null = null;
  let rootSeen = false;
  const path: string[] = [];
  let text = '';
  let record: { type: string; fields: Map<string, string[]>; line: number } | null = null;

  parser.on('error', (error) => {
    failure ??= new AppError('SCREENING_FILE_XML', { line: parser.line }, { detail: error.message });
  });
  parser.on('opentag', (tag) => {
    if (!rootSeen) {
      rootSeen = true;
      if (tag.name !== UN_ROOT) failure ??= new AppError('SCREENING_FILE_XML_LAYOUT', { element: tag.name });
    }
    path.push(tag.name);
    text = '';
    if (UN_RECORDS.has(tag.name) && path.length === 3)
      record = { type: tag.name, fields: new Map(), line: parser.line };
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    path.pop();
    if (record && tag.name !== record.type) {
      // Fields keyed by their parent and name: NATIONALITY/VALUE, INDIVIDUAL_ALIAS/ALIAS_NAME…
      const key = `${path.at(-1)}/${tag.name}`;
      const value = text.trim();
      if (value) record.fields.set(key, [...(record.fields.get(key) ?? []), value]);
    } else if (record) {
      const entry = unEntry(record);
      if (entry instanceof AppError) failure ??= entry;
      else if (entry) pending.push(entry);
      record = null;
    }
    text = '';
  });

  const take = () => {
    if (failure) throw failure;
    const out = pending;
    pending = [];
    return out;
  };
  return {
    push(chunk: string): ParsedEntry[] {
      if (!failure) parser.write(chunk);
      return take();
    },
    end(): ParsedEntry[] {
      if (!failure) parser.close();
      if (!rootSeen && !failure) failure = new AppError('SCREENING_FILE_XML', { line: parser.line });
      return take();
    },
  };
}

function unEntry(record: {
  type: string;
  fields: Map<string, string[]>;
  line: number;
}): ParsedEntry | AppError {
  const one = (key: string) => record.fields.get(`${record.type}/${key}`)?.[0] ?? '';
  const ref = one('DATAID') || one('REFERENCE_NUMBER');
  if (!ref) return new AppError('SCREENING_FILE_FIELD', { line: record.line, column: 'DATAID' });
  const name = UN_NAME_PARTS.map(one).filter(Boolean).join(' ');
  if (!name) return new AppError('SCREENING_FILE_FIELD', { line: record.line, column: 'FIRST_NAME' });
  const person = record.type === 'INDIVIDUAL';
  const births = [
    ...(record.fields.get('INDIVIDUAL_DATE_OF_BIRTH/DATE') ?? []),
    ...(record.fields.get('INDIVIDUAL_DATE_OF_BIRTH/YEAR') ?? []),
  ].map((d) => /^\d{4}(-\d{2}(-\d{2})?)?/.exec(d)?.[0] ?? '');
  return {
    ref: clip(ref),
    kind: person ? 'person' : 'entity',
    name: clip(name),
    aliases: uniq(
      (record.fields.get(`${person ? 'INDIVIDUAL' : 'ENTITY'}_ALIAS/ALIAS_NAME`) ?? []).map((a) => clip(a)),
    ),
    birthDates: uniq(births),
    nationalities: nationalitiesOf(record.fields.get('NATIONALITY/VALUE') ?? []),
    programme: one('UN_LIST_TYPE') ? clip(one('UN_LIST_TYPE')) : null,
  };
}

// ── The whole file ─────────────────────────────────────────────────────────────────────────────

export interface ParsedList {
  format: fraudApi.ScreeningListFormat;
  entries: ParsedEntry[];
}

/**
 * Reads a list file from its chunks (bytes). Refuses a file over `maxBytes`, text that is not UTF-8, a
 * malformed layout and a file without entries; entries repeated under one reference keep the first.
 */
export async function parseList(
  format: fraudApi.ScreeningListFormat,
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<ParsedList> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const seen = new Set<string>();
  const entries: ParsedEntry[] = [];
  const add = (entry: ParsedEntry | null) => {
    if (entry && !seen.has(entry.ref)) {
      seen.add(entry.ref);
      entries.push({ ...entry, birthDates: entry.birthDates.filter(onCalendar) });
    }
  };
  let csv: CsvReader | null = null;
  let xml: ReturnType<typeof unReader> | null = null;
  let toEntry: ((r: CsvRecord) => ParsedEntry | null) | null = null;
  if (format === 'un_xml') xml = unReader();
  else {
    csv = new CsvReader();
    if (format === 'ofac_sdn') toEntry = ofacEntry;
  }
  const feed = (text: string) => {
    if (xml) return xml.push(text).forEach(add);
    for (const record of csv!.push(text)) feedRecord(record);
  };
  const feedRecord = (record: CsvRecord) => {
    if (!toEntry) toEntry = openSanctionsReader(record);
    else add(toEntry(record));
  };

  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes)
      throw new AppError('SCREENING_FILE_TOO_LARGE', { maxMegabytes: Math.round(maxBytes / 1024 / 1024) });
    if (chunk.includes(0)) throw new AppError('SCREENING_FILE_NOT_TEXT');
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new AppError('SCREENING_FILE_NOT_TEXT');
    }
    feed(bytes === chunk.byteLength ? text.replace(/^\uFEFF/, '') : text);
  }
  try {
    feed(decoder.decode());
  } catch {
    throw new AppError('SCREENING_FILE_NOT_TEXT');
  }
  if (xml) xml.end().forEach(add);
  else for (const record of csv!.end()) feedRecord(record);
  if (!entries.length) throw new AppError('SCREENING_FILE_EMPTY');
  return { format, entries };
}

import { BLOCKLIST_KINDS, type BlocklistKind, fraudApi } from '@backdesk/contract';
import { AppError } from '../../../../lib/app-error.ts';
import { headerText } from '../../../../lib/export/headers.ts';

const { BLOCKLIST_CSV_COLUMNS, BLOCKLIST_IMPORT_MAX_BYTES, normaliseBlocklistValue, normaliseNetwork } =
  fraudApi;
type Column = (typeof BLOCKLIST_CSV_COLUMNS)[number];

/** One entry read from an import file. */
export interface ImportedEntry {
  kind: BlocklistKind;
  value: string;
  network: string | null;
  reason: string;
  source: string;
}

/** The records of an RFC 4180 text, each with the line it starts on; a quote left open is refused. */
export function* csvRecords(text: string): Generator<{ line: number; fields: string[] }> {
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (;;) {
      if (i >= text.length) {
        if (quoted) throw invalid(start, BLOCKLIST_CSV_COLUMNS[fields.length] ?? String(fields.length + 1));
        fields.push(field);
        break;
      }
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (c === '"') {
          quoted = false;
          i += 1;
        } else {
          if (c === '\n') line += 1;
          field += c;
          i += 1;
        }
      } else if (c === '"' && field === '') {
        quoted = true;
        i += 1;
      } else if (c === ',') {
        fields.push(field);
        field = '';
        i += 1;
      } else if (c === '\r' || c === '\n') {
        fields.push(field);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        break;
      } else {
        field += c;
        i += 1;
      }
    }
    if (!(fields.length === 1 && fields[0]!.trim() === '')) yield { line: start, fields };
  }
}

const invalid = (line: number, column: string) => new AppError('BLOCKLIST_IMPORT_INVALID', { line, column });

/** A cell an export guarded against spreadsheet formulas ('=…) reads back as it was written. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Reads an import file: the header naming the five columns (by key, or as an export in either language
 * wrote them), then one entry per line, every value
 * normalised as an add would. The first bad cell refuses the whole file, naming its line and column.
 */
export function parseBlocklistCsv(content: string): ImportedEntry[] {
  if (Buffer.byteLength(content, 'utf8') > BLOCKLIST_IMPORT_MAX_BYTES)
    throw new AppError('BLOCKLIST_IMPORT_TOO_LARGE', { maxKilobytes: BLOCKLIST_IMPORT_MAX_BYTES / 1024 });
  const records = csvRecords(content.replace(/^\uFEFF/, ''));
  const header = records.next();
  if (header.done) throw new AppError('BLOCKLIST_IMPORT_EMPTY');
  const names = header.value.fields.map((f) => f.trim().toLocaleLowerCase('tr'));
  const named = (name: string | undefined, c: Column) =>
    name !== undefined &&
    [c, headerText(c, 'en'), headerText(c, 'tr')].some((h) => h.toLocaleLowerCase('tr') === name);
  if (
    names.length !== BLOCKLIST_CSV_COLUMNS.length ||
    !BLOCKLIST_CSV_COLUMNS.every((c, i) => named(names[i], c))
  )
    throw new AppError('BLOCKLIST_IMPORT_HEADER');

  const entries: ImportedEntry[] = [];
  for (const { line, fields } of records) {
    if (fields.length > BLOCKLIST_CSV_COLUMNS.length)
      throw invalid(line, String(BLOCKLIST_CSV_COLUMNS.length + 1));
    const cell = (c: Column) => {
      const index = BLOCKLIST_CSV_COLUMNS.indexOf(c);
      if (index >= fields.length) throw invalid(line, c);
      return unguard(fields[index]!).trim();
    };
    const kind = cell('kind').toLowerCase() as BlocklistKind;
    if (!BLOCKLIST_KINDS.includes(kind)) throw invalid(line, 'kind');
    const value = normaliseBlocklistValue(kind, cell('value'));
    if (value === undefined) throw invalid(line, 'value');
    const rawNetwork = cell('network');
    let network: string | null = null;
    if (rawNetwork !== '') {
      if (kind !== 'address') throw invalid(line, 'network');
      network = normaliseNetwork(rawNetwork) ?? null;
      if (network === null) throw invalid(line, 'network');
    }
    const reason = cell('reason');
    if (reason.length < 3 || reason.length > 500) throw invalid(line, 'reason');
    const source = cell('source') || 'import';
    if (source.length > 100) throw invalid(line, 'source');
    entries.push({ kind, value, network, reason, source });
  }
  if (entries.length === 0) throw new AppError('BLOCKLIST_IMPORT_EMPTY');
  return entries;
}

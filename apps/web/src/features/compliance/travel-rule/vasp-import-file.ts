/** The columns of a directory file, as the import endpoint names a VASP's fields. */
export const VASP_IMPORT_COLUMNS = [
  'name',
  'lei',
  'jurisdiction',
  'country',
  'licence',
  'protocol',
  'due_diligence',
  'review_date',
] as const;

/** Rows read from a file, each with the line (CSV) or position (JSON) an officer finds it at. */
export type ImportFile =
  | { ok: true; rows: Record<string, unknown>[]; lineOf: (index: number) => number }
  | { ok: false; problem: 'json' | 'columns' | 'empty'; detail?: string };

/** RFC 4180 fields: quoted fields may hold commas, line breaks and doubled quotes. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',' || ch === ';') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * A CSV (header row of VASP_IMPORT_COLUMNS, comma or semicolon as Turkish spreadsheets write it) or a
 * JSON array of objects. An empty CSV cell is "not given" (null): a spreadsheet has no other way to
 * say it. Nothing else is converted; the server validates every row.
 */
export function readImportFile(name: string, text: string): ImportFile {
  const body = text.replace(/^\uFEFF/, '');
  if (name.toLowerCase().endsWith('.json') || body.trimStart().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      return { ok: false, problem: 'json', detail: (error as Error).message };
    }
    if (!Array.isArray(parsed)) return { ok: false, problem: 'json' };
    if (parsed.length === 0) return { ok: false, problem: 'empty' };
    return { ok: true, rows: parsed as Record<string, unknown>[], lineOf: (index) => index + 1 };
  }
  const [header, ...records] = csvRecords(body);
  if (!header) return { ok: false, problem: 'empty' };
  const columns = header.map((h) => h.trim().toLowerCase());
  const unknown = columns.filter((c) => !(VASP_IMPORT_COLUMNS as readonly string[]).includes(c));
  const missing = VASP_IMPORT_COLUMNS.filter((c) => !columns.includes(c));
  if (unknown.length > 0 || missing.length > 0)
    return { ok: false, problem: 'columns', detail: [...missing, ...unknown].join(', ') };
  if (records.length === 0) return { ok: false, problem: 'empty' };
  const rows = records.map((record) =>
    Object.fromEntries(
      columns.map((column, i) => {
        const value = (record[i] ?? '').trim();
        return [column, value === '' ? null : value];
      }),
    ),
  );
  // The header is line 1.
  return { ok: true, rows, lineOf: (index) => index + 2 };
}

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CellValue } from './cells.ts';
import { Pieces } from './pieces.ts';
import { type CellType, cellXml, columnName, HEADER_STYLE, typedCellXml } from './xlsx-cells.ts';
import { ZIP_LIMIT, type ZipEntry, zipStream } from './zip.ts';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * The parts' types. Sheets come by the default for .xml: their number is known only once the rows
 * have run out, and this part comes first (tools that sniff a file's type look for it there).
 */
const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const ROOT_RELS = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/**
 * Style 0 the default, style 1 (HEADER_STYLE) bold, 2 (INSTANT_STYLE) a date with its time, 3
 * (DAY_STYLE) a date; the fills are the two every workbook has.
 */
const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">\
<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** The header row stays in view while scrolling. */
const SHEET_START = `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0">\
<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

const sheetName = (n: number) => (n === 1 ? 'Export' : `Export ${n}`);

function workbookXml(sheets: number): string {
  let list = '';
  for (let n = 1; n <= sheets; n++) list += `<sheet name="${sheetName(n)}" sheetId="${n}" r:id="rId${n}"/>`;
  return `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${list}</sheets></workbook>`;
}

function workbookRels(sheets: number): string {
  let rels = '';
  for (let n = 1; n <= sheets; n++) {
    rels += `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`;
  }
  rels += `<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>`;
  return `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}">${rels}</Relationships>`;
}

/** Excel's rows per sheet (header included); the rows go on in a further sheet. */
export const SHEET_ROWS = 1_048_576;
/** A sheet's XML stops short of the archive's 4 GiB entry limit, with room for one more row. */
const SHEET_BYTES = ZIP_LIMIT - 64 * 1024 * 1024;
/** The longest run of row-writing between two turns of the event loop. */
const SLICE_MS = 10;

/** How a batch of rows becomes sheet XML. */
export interface SheetRows<Batch> {
  /** The rows in the batch. */
  count(batch: Batch): number;
  /** Writes row `index` of the batch as sheet row `row` (`<row r="…">…</row>`), bold if a header. */
  write(batch: Batch, index: number, row: number, out: Pieces): void;
}

/** Rows as objects (or arrays) and a cell value per column, typed by `type` (xlsx-cells.ts). */
export interface XlsxColumn<Row> {
  value: (row: Row) => CellValue;
  type?: CellType;
}

/** Rows as values: each row's cells made by typedCellXml. */
export function valueRows<Row>(columns: readonly XlsxColumn<Row>[]): SheetRows<readonly Row[]> {
  const refs = columns.map((_, i) => columnName(i));
  return {
    count: (batch) => batch.length,
    write(batch, index, row, out) {
      const values = batch[index]!;
      let xml = `<row r="${row}">`;
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        xml += typedCellXml(`${refs[i]}${row}`, column.value(values), column.type);
      }
      out.text(`${xml}</row>`);
    },
  };
}

function headerRow(headers: readonly string[]): string {
  const cells = headers.map((h, i) => cellXml(`${columnName(i)}1`, h, HEADER_STYLE));
  return `<row r="1">${cells.join('')}</row>`;
}

interface RowSource<Batch> {
  batches: AsyncIterator<Batch>;
  /** Rows per sheet, header included. */
  sheetRows: number;
  /** A batch the last sheet filled up in, and its first row not written. */
  held?: { batch: Batch; from: number };
}

/**
 * One sheet: the header row, then rows until they run out or the sheet is full; `end.more` then
 * says whether rows remain for another sheet.
 */
async function* sheetXml<Batch>(
  headers: readonly string[],
  rows: SheetRows<Batch>,
  source: RowSource<Batch>,
  end: { more: boolean },
): AsyncGenerator<Buffer> {
  const out = new Pieces();
  out.text(SHEET_START + headerRow(headers));
  let row = 1;
  let slice = performance.now();
  end.more = false;
  for (;;) {
    let batch: Batch;
    let from = 0;
    if (source.held) {
      ({ batch, from } = source.held);
      source.held = undefined;
    } else {
      const next = await source.batches.next();
      if (next.done) break;
      batch = next.value;
    }
    const count = rows.count(batch);
    for (let index = from; index < count; index++) {
      if (row === source.sheetRows || out.taken > SHEET_BYTES) {
        source.held = { batch, from: index };
        end.more = true;
        break;
      }
      row++;
      rows.write(batch, index, row, out);
      if (out.ready.length > 0) {
        yield* out.ready.splice(0);
        // Rows at hand are written without waiting for I/O: a turn of the event loop now and then
        // lets other requests in, however long the run.
        if (performance.now() - slice > SLICE_MS) {
          await nextTurn();
          slice = performance.now();
        }
      }
    }
    if (end.more) break;
  }
  out.text(SHEET_END);
  out.flush();
  yield* out.ready;
}

const part = (name: string, xml: string): ZipEntry => ({ name, data: [Buffer.from(xml)] });

/**
 * The parts of the workbook, in archive order; the sheets are written as the rows arrive, the
 * workbook (which lists them) after them. The rows are given up (their query ends) however the
 * archive stops.
 */
async function* workbookParts<Batch>(
  headers: readonly string[],
  rows: SheetRows<Batch>,
  batches: AsyncIterable<Batch>,
  sheetRows: number,
): AsyncGenerator<ZipEntry> {
  const source: RowSource<Batch> = { batches: batches[Symbol.asyncIterator](), sheetRows };
  try {
    yield part('[Content_Types].xml', CONTENT_TYPES);
    yield part('_rels/.rels', ROOT_RELS);
    yield part('xl/styles.xml', STYLES);
    const end = { more: true };
    let sheets = 0;
    while (end.more) {
      sheets++;
      // The archive reads a sheet to its end before it asks for the next part: `end` is set by then.
      yield { name: `xl/worksheets/sheet${sheets}.xml`, data: sheetXml(headers, rows, source, end) };
    }
    yield part('xl/workbook.xml', workbookXml(sheets));
    yield part('xl/_rels/workbook.xml.rels', workbookRels(sheets));
  } finally {
    await source.batches.return?.();
  }
}

/**
 * An XLSX workbook of the rows, streamed in constant memory: sheet XML with inline strings, deflated
 * as it goes, pulled only as fast as the reader takes it. `headers` are the header row's texts; the
 * rows come in batches, which `rows` writes as sheet XML.
 */
export function xlsxWorkbook<Batch>(
  headers: readonly string[],
  rows: SheetRows<Batch>,
  batches: AsyncIterable<Batch>,
  sheetRows = SHEET_ROWS,
): AsyncGenerator<Uint8Array> {
  return zipStream(workbookParts(headers, rows, batches, sheetRows));
}

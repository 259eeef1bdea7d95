/**
 * A minimal PDF writer for specimens: pages of text lines and rectangles in the standard
 * Helvetica fonts, which every viewer (pdf.js included) has built in, so nothing is embedded.
 */

export type Rgb = readonly [number, number, number];

export type PdfMark =
  | { text: string; x: number; y: number; size: number; bold?: boolean; color?: Rgb; angle?: number }
  | { rect: readonly [x: number, y: number, width: number, height: number]; fill?: Rgb; stroke?: Rgb };

/** A4 portrait in points; y grows upwards from the bottom edge, as in PDF itself. */
export const A4 = { width: 595, height: 842 } as const;

/** Turkish letters missing from WinAnsi get codes of their own through /Differences; the em dash is WinAnsi's 0x97. */
const EXTRA_GLYPHS: Record<string, [number, string]> = {
  Ş: [0x80, 'Scedilla'],
  ş: [0x81, 'scedilla'],
  Ğ: [0x82, 'Gbreve'],
  ğ: [0x83, 'gbreve'],
  İ: [0x84, 'Idotaccent'],
  ı: [0x85, 'dotlessi'],
  '—': [0x97, 'emdash'],
};
const WIN_ANSI_LATIN1 = /[\u0020-\u007e\u00a0-\u00ff]/;

/** A PDF string literal in the fonts' encoding; characters it cannot show become '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const extra = EXTRA_GLYPHS[char];
    const code = extra ? extra[0] : WIN_ANSI_LATIN1.test(char) ? char.charCodeAt(0) : 0x3f;
    const byte = String.fromCharCode(code);
    out +=
      code === 0x28 || code === 0x29 || code === 0x5c
        ? `\\${byte}`
        : code < 0x20 || code > 0x7e
          ? `\\${code.toString(8).padStart(3, '0')}`
          : byte;
  }
  return `(${out})`;
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3));
const rgb = (c: Rgb, op: 'rg' | 'RG') => `${c.map((v) => num(v / 255)).join(' ')} ${op}`;

function contentStream(marks: readonly PdfMark[]): string {
  const ops: string[] = [];
  for (const mark of marks) {
    if ('rect' in mark) {
      const [x, y, w, h] = mark.rect;
      if (mark.fill) ops.push(rgb(mark.fill, 'rg'));
      if (mark.stroke) ops.push(rgb(mark.stroke, 'RG'));
      ops.push(
        `${num(x)} ${num(y)} ${num(w)} ${num(h)} re ${mark.fill && mark.stroke ? 'B' : mark.fill ? 'f' : 'S'}`,
      );
      continue;
    }
    const angle = ((mark.angle ?? 0) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    ops.push(
      'BT',
      rgb(mark.color ?? [0, 0, 0], 'rg'),
      `/${mark.bold ? 'F2' : 'F1'} ${num(mark.size)} Tf`,
      `${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(mark.x)} ${num(mark.y)} Tm`,
      `${pdfString(mark.text)} Tj`,
      'ET',
    );
  }
  return ops.join('\n');
}

/** The whole file for the given pages, each a list of marks. */
export function pdfDocument(pages: readonly (readonly PdfMark[])[], title: string): Buffer {
  const objects: string[] = [];
  /** Object numbers start at 1: the new length is the new object's number. */
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesId = add('');
  const differences = Object.values(EXTRA_GLYPHS)
    .map(([code, name]) => `${code} /${name}`)
    .join(' ');
  const encoding = add(`<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${differences}] >>`);
  const font = (name: string) =>
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding ${encoding} 0 R >>`);
  const regular = font('Helvetica');
  const bold = font('Helvetica-Bold');
  const kids = pages.map((marks) => {
    const content = contentStream(marks);
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
        `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  // The document information dictionary is in PDFDocEncoding, not the fonts' encoding: kept ASCII.
  const info = add(
    `<< /Title ${pdfString(title.replace(/[^\x20-\x7e]/g, '-'))} /Producer (Backdesk specimen) >>`,
  );

  let out = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

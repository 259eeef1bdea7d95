import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../pdf-check.ts';
import { specimenDocument } from '../specimens.ts';
import { pdfWith, pdfWithScriptInObjectStream } from '../test-fixtures.ts';

/**
 * Known malicious-PDF techniques (script and action hiding, polyglots, reader disagreement), each
 * written here as its own small file, and clean files from real writers that must pass.
 */

const SCRIPT = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
const bytes = (text: string) => Buffer.from(text, 'latin1');

/** A stream object's text with a correct /Length. */
const stream = (dict: string, data: Buffer | string) => {
  const body = typeof data === 'string' ? bytes(data) : data;
  return Buffer.concat([bytes(`<< ${dict} /Length ${body.length} >>\nstream\n`), body, bytes('\nendstream')]);
};

/** An incremental update (§7.5.6): new objects, a cross-reference section and a trailer with /Prev. */
function appendRevision(base: Buffer, objects: Record<number, string>, trailerExtra = ''): Buffer {
  const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(base.toString('latin1'))![1]);
  const parts = [base];
  let at = base.length;
  const offsets: [number, number][] = [];
  for (const [num, body] of Object.entries(objects)) {
    const text = bytes(`${num} 0 obj\n${body}\nendobj\n`);
    offsets.push([Number(num), at]);
    parts.push(text);
    at += text.length;
  }
  const sections = offsets.map(([num, o]) => `${num} 1\n${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    bytes(
      `xref\n${sections}trailer\n<< /Size 20 /Root 1 0 R /Prev ${previous} ${trailerExtra}>>\nstartxref\n${at}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** An object stream of objects 5… and a cross-reference stream with a PNG predictor, as modern writers save. */
function compressedPdf(catalogExtra: string, hidden: string): Buffer {
  const header = '5 0 ';
  const objStm = stream(
    `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode`,
    zlib.deflateSync(bytes(header + hidden)),
  );
  const base = pdfWith(catalogExtra, [objStm]).toString('latin1');
  // Replace the classic table with a cross-reference stream naming object 5 inside object 4.
  const xrefAt = base.lastIndexOf('xref\n0 ');
  const offsets = [...base.slice(xrefAt).matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
  const row = (type: number, a: number, b: number) => [0, type, (a >> 8) & 255, a & 255, b];
  const rows = [row(0, 0, 255), ...offsets.map((o) => row(1, o, 0)), row(2, 4, 0), row(1, xrefAt, 0)];
  const predicted = Buffer.from(
    rows.flatMap((r, i) => [2, ...r.slice(1).map((v, j) => (v - (i ? rows[i - 1]![j + 1]! : 0)) & 255)]),
  );
  const xrefStream = stream(
    '/Type /XRef /Size 7 /Root 1 0 R /W [1 2 1] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>',
    zlib.deflateSync(predicted),
  );
  return bytes(
    `${base.slice(0, xrefAt)}6 0 obj\n${xrefStream.toString('latin1')}\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`,
  );
}

const refused = (pdf: Buffer) => {
  const verdict = inspectPdf(pdf);
  return verdict.ok
    ? 'accepted'
    : verdict.code === 'KYC_FILE_ACTIVE_CONTENT'
      ? verdict.feature
      : verdict.code;
};

describe('the PDF check refuses known techniques', () => {
  it.each([
    ['JavaScript in an open action', pdfWith(`/OpenAction ${SCRIPT}`), 'javascript'],
    [
      'JavaScript behind NUL bytes (NUL is PDF white space)',
      pdfWith('/OpenAction << /S /JavaScript\0/JS\0(app.alert\\(1\\)) >>'),
      'javascript',
    ],
    ['names spelt with #xx escapes', pdfWith('/OpenAction << /S /J#61va#53cript /J#53 (x) >>'), 'javascript'],
    [
      'a comment between a key and its value',
      pdfWith('/OpenAction << /S %x\n/JavaScript /JS (x) >>'),
      'javascript',
    ],
    ['form feeds and tabs as separators', pdfWith('/OpenAction <<\f/S\t/JavaScript\f/JS(x)>>'), 'javascript'],
    [
      'a document-level script in the names tree',
      pdfWith('/Names << /JavaScript 4 0 R >>', [bytes('<< /Names [(a) 5 0 R] >>')]),
      'javascript',
    ],
    [
      'a script held in a stream',
      pdfWith('/OpenAction 4 0 R', [bytes('<< /S /JavaScript /JS 5 0 R >>'), stream('', 'app.alert(1)')]),
      'javascript',
    ],
    ['an open action by reference', pdfWith('/OpenAction 4 0 R', [bytes(SCRIPT)]), 'javascript'],
    ['a script in a compressed object stream', pdfWithScriptInObjectStream(), 'javascript'],
    [
      'a script in an object stream behind a predicted cross-reference stream',
      compressedPdf('/OpenAction 5 0 R', SCRIPT),
      'javascript',
    ],
    [
      'a script added by an incremental update',
      appendRevision(pdfWith(''), { 9: SCRIPT, 1: '<< /Type /Catalog /Pages 2 0 R /OpenAction 9 0 R >>' }),
      'javascript',
    ],
    [
      'a script in a revision an update replaced',
      appendRevision(pdfWith(`/OpenAction ${SCRIPT}`), { 1: '<< /Type /Catalog /Pages 2 0 R >>' }),
      'javascript',
    ],
    ['a Launch action', pdfWith('/OpenAction << /S /Launch /Win << /F (cmd.exe) >> >>'), 'launch'],
    [
      'a Launch action on a link',
      pdfWith('', [bytes('<< /Type /Annot /Subtype /Link /A << /S /Launch /F (x.exe) >> >>')]),
      'launch',
    ],
    [
      'a page additional action',
      pdfWith('', [bytes('<< /Type /Page /AA << /O << /S /GoToR /F (x.pdf) >> >> >>')]),
      'additional_actions',
    ],
    [
      'an additional action by reference',
      pdfWith('/AA 4 0 R', [bytes('<< /WC 5 0 R >>'), bytes('<< /S /GoTo /D [3 0 R /Fit] >>')]),
      'additional_actions',
    ],
    [
      'an open action that is not a destination',
      pdfWith('/OpenAction << /S /GoToR /F (other.pdf) >>'),
      'open_action',
    ],
    [
      'a form that submits',
      pdfWith('/AcroForm << /Fields [4 0 R] >>', [
        bytes('<< /FT /Btn /T (b) /A << /S /SubmitForm /F (https://x.test/) >> >>'),
      ]),
      'form_action',
    ],
    [
      'an ImportData action',
      pdfWith('', [bytes('<< /Type /Annot /Subtype /Link /A << /S /ImportData /F (d.fdf) >> >>')]),
      'form_action',
    ],
    [
      'a chained action after a harmless one',
      pdfWith('', [
        bytes('<< /Subtype /Link /A << /S /GoTo /D [3 0 R /Fit] /Next << /S /Hide /T (x) >> >> >>'),
      ]),
      'action',
    ],
    [
      'a javascript: link',
      pdfWith('', [bytes('<< /Subtype /Link /A << /S /URI /URI (javascript:alert\\(1\\)) >> >>')]),
      'unsafe_link',
    ],
    [
      'a javascript: link in octal escapes',
      pdfWith('', [bytes('<< /Subtype /Link /A << /S /URI /URI (\\152avascript:x) >> >>')]),
      'unsafe_link',
    ],
    [
      'a javascript: link in UTF-16',
      pdfWith('', [
        bytes(
          `<< /Subtype /Link /A << /S /URI /URI <FEFF${Buffer.from('javascript:x', 'utf16le').swap16().toString('hex')}> >> >>`,
        ),
      ]),
      'unsafe_link',
    ],
    [
      'a file: link',
      pdfWith('', [bytes('<< /Subtype /Link /A << /S /URI /URI (file:///etc/passwd) >> >>')]),
      'unsafe_link',
    ],
    [
      'embedded files',
      pdfWith('/Names << /EmbeddedFiles 4 0 R >>', [
        bytes('<< /Names [(a.exe) 5 0 R] >>'),
        bytes('<< /Type /Filespec /F (a.exe) >>'),
      ]),
      'embedded_file',
    ],
    ['an embedded file stream', pdfWith('', [stream('/Type /EmbeddedFile', 'MZ')]), 'embedded_file'],
    [
      'a file attachment annotation',
      pdfWith('', [bytes('<< /Type /Annot /Subtype /FileAttachment /FS 5 0 R >>')]),
      'embedded_file',
    ],
    [
      'a go-to into an embedded file',
      pdfWith('/OpenAction [3 0 R /Fit]', [
        bytes('<< /Subtype /Link /A << /S /GoToE /T << /R /C /N (a) >> >> >>'),
      ]),
      'embedded_file',
    ],
    [
      'rich media (Flash)',
      pdfWith('', [bytes('<< /Type /Annot /Subtype /RichMedia /RichMediaContent 5 0 R >>')]),
      'rich_media',
    ],
    ['a 3D annotation', pdfWith('', [bytes('<< /Type /Annot /Subtype /3D /3DD 5 0 R >>')]), 'rich_media'],
    ['a movie annotation', pdfWith('', [bytes('<< /Type /Annot /Subtype /Movie >>')]), 'rich_media'],
    ['an XFA form', pdfWith('/AcroForm << /XFA 4 0 R >>', [stream('', '<xdp:xdp/>')]), 'xfa'],
    ['a pdf-lib file with a script, saved with object streams', null, 'javascript'],
  ] as const)('%s', async (_, pdf, expected) => {
    expect(refused(pdf ?? (await pdfLibWithScript()))).toBe(expected);
  });

  it.each([
    [
      'an HTML page between a PDF header and trailer',
      bytes(
        '%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
      ),
    ],
    [
      'an HTML page after the end of a PDF',
      Buffer.concat([pdfWith(''), bytes('<html><script>alert(1)</script></html>\n')]),
    ],
    [
      'an HTML page inside a comment-less gap',
      bytes(pdfWith('').toString('latin1').replace('xref\n', '<script>alert(1)</script>\nxref\n')),
    ],
    [
      'a stream whose /Length hides objects behind it',
      bytes(
        pdfWith('', [
          bytes('<< /Length 2 >>\nstream\nab 9 0 obj << /S /JavaScript /JS (x) >> endobj\nendstream'),
        ]).toString('latin1'),
      ),
    ],
    [
      'cross references that point elsewhere (viewers would rebuild the file)',
      bytes(
        pdfWith('')
          .toString('latin1')
          .replace(/0000000009 00000 n/, '0000000001 00000 n'),
      ),
    ],
    [
      'a startxref pointing nowhere',
      bytes(
        pdfWith('')
          .toString('latin1')
          .replace(/startxref\n\d+/, 'startxref\n3'),
      ),
    ],
    [
      'a key given twice (readers disagree on which counts)',
      pdfWith('/OpenAction << /S /JavaScript /S /GoTo /JS (x) >>'),
    ],
    ['arrays nested past any document', pdfWith(`/X ${'['.repeat(200)}${']'.repeat(200)}`)],
    [
      'an object stream in an obsolete filter',
      bytes(
        pdfWithScriptInObjectStream()
          .toString('latin1')
          .replace('/Filter /FlateDecode', '/Filter /LZWDecode'),
      ),
    ],
    [
      'a decompression bomb',
      pdfWith('', [
        stream(
          '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
          zlib.deflateSync(Buffer.alloc(80 * 1024 * 1024)),
        ),
      ]),
    ],
  ])('%s as unreadable', (_, pdf) => {
    expect(refused(pdf)).toBe('KYC_FILE_UNREADABLE');
  });

  it('an encrypted PDF as uncheckable', () => {
    expect(
      refused(bytes(pdfWith('').toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R'))),
    ).toBe('KYC_FILE_ENCRYPTED');
  });
});

describe('the PDF check accepts clean files from real writers', () => {
  it.each([
    [
      'a destination open action, outlines and web links',
      pdfWith('/OpenAction [3 0 R /Fit] /Outlines 4 0 R', [
        bytes('<< /First 5 0 R /Last 5 0 R >>'),
        bytes('<< /Title (Page 1) /A << /S /GoTo /D [3 0 R /Fit] >> /Parent 4 0 R >>'),
        bytes('<< /Subtype /Link /A << /S /URI /URI (https://bank.example/statement) >> >>'),
      ]),
    ],
    [
      'a clean incremental update',
      appendRevision(pdfWith(''), { 9: '<< /Producer (Scanner 2.1) >>' }, '/Info 9 0 R '),
    ],
    [
      'an object stream behind a predicted cross-reference stream',
      compressedPdf('/Metadata 5 0 R', '<< /Type /Metadata >>'),
    ],
  ])('%s', (_, pdf) => {
    expect(refused(pdf)).toBe('accepted');
  });

  it('pdf-lib, with and without object streams', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Statement - Istanbul', { font: await doc.embedFont(StandardFonts.Helvetica) });
    expect(refused(Buffer.from(await doc.save()))).toBe('accepted');
    expect(refused(Buffer.from(await doc.save({ useObjectStreams: false })))).toBe('accepted');
  });

  it("Backdesk's own specimens", async () => {
    const person = {
      fullName: 'AYŞE YILMAZ',
      birthDate: '1990-01-02',
      documentNumber: 'U12345678',
      address: 'Bağdat Cd. 1, İstanbul',
    };
    const pdf = await specimenDocument({ kind: 'proof_of_address', format: 'pdf', person });
    expect(refused(pdf.bytes)).toBe('accepted');
  });

  it("Chromium's print to PDF (tagged, with outline, link and image), and its copies by Ghostscript and qpdf", async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.setContent(
        '<h1>Hesap özeti</h1><h2>Şükrü Öztürk</h2><p><a href="https://bank.example">bank.example</a></p>' +
          '<img width="80" height="40" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==">',
      );
      const printed = Buffer.from(await page.pdf({ tagged: true, outline: true }));
      expect(refused(printed)).toBe('accepted');
      for (const copy of rewrittenCopies(printed))
        expect([copy.by, refused(copy.pdf)]).toEqual([copy.by, 'accepted']);
    } finally {
      await browser.close();
    }
  });
});

async function pdfLibWithScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  const action = doc.context.obj({ S: PDFName.of('JavaScript'), JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** The printed file rewritten by Ghostscript and qpdf (linearized, object streams); .ci/run installs both. */
function rewrittenCopies(pdf: Buffer): { by: string; pdf: Buffer }[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-corpus-'));
  const input = path.join(folder, 'in.pdf');
  fs.writeFileSync(input, pdf);
  const tools: [string, string, string[]][] = [
    ['ghostscript', 'gs', ['-q', '-sDEVICE=pdfwrite', '-o']],
    ['qpdf --linearize', 'qpdf', ['--linearize', input]],
    ['qpdf --object-streams', 'qpdf', ['--object-streams=generate', input]],
  ];
  const copies: { by: string; pdf: Buffer }[] = [];
  for (const [by, command, args] of tools) {
    const output = path.join(folder, `${copies.length}.pdf`);
    execFileSync(command, command === 'gs' ? [...args, output, input] : [...args, output], {
      stdio: 'ignore',
    });
    copies.push({ by, pdf: fs.readFileSync(output) });
  }
  fs.rmSync(folder, { recursive: true, force: true });
  return copies;
}

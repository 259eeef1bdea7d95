import { sha256Hex } from './document-store.ts';
import { loadSharp } from './images.ts';
import { A4, type PdfMark, pdfDocument } from './pdf-writer.ts';

/**
 * Synthetic documents for demo data and tests. Each says SPECIMEN in large letters and carries
 * only the invented data it is given; the portrait is a drawn silhouette, never a face.
 */
export type SpecimenFormat = 'jpeg' | 'png' | 'pdf';

/** A document kind as the KYC module names it (passport, national_id_front, …); unknown kinds print as given. */
export type SpecimenKind = string;

export interface SpecimenPerson {
  fullName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  documentNumber: string;
  /** YYYY-MM-DD, printed when given. */
  expiryDate?: string;
  address?: string;
}

export interface Specimen {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  sha256: string;
  fileName: string;
}

const TITLES: [RegExp, string][] = [
  [/passport/, 'PASSPORT'],
  [/national.*back|id.*back/, 'NATIONAL IDENTITY CARD — BACK'],
  [/national|id_card|identity/, 'NATIONAL IDENTITY CARD'],
  [/driv/, 'DRIVING LICENCE'],
  [/residence/, 'RESIDENCE PERMIT'],
  [/address/, 'PROOF OF ADDRESS — UTILITY BILL'],
  [/selfie.*doc/, 'SELFIE WITH DOCUMENT'],
  [/selfie/, 'SELFIE'],
  [/registration/, 'CERTIFICATE OF COMPANY REGISTRATION'],
  [/articles/, 'ARTICLES OF ASSOCIATION'],
  [/shareholder/, 'REGISTER OF SHAREHOLDERS'],
  [/signator/, 'AUTHORISED SIGNATORY — IDENTITY CARD'],
];

const titleOf = (kind: SpecimenKind) =>
  TITLES.find(([pattern]) => pattern.test(kind.toLowerCase()))?.[1] ??
  kind.replace(/[_-]+/g, ' ').toUpperCase();

const fieldsOf = (kind: SpecimenKind, person: SpecimenPerson): [string, string][] => {
  const fields: [string, string][] = [
    ['Name', person.fullName],
    ['Date of birth', person.birthDate],
    [
      /address|registration|articles|shareholder/.test(kind) ? 'Reference' : 'Document no.',
      person.documentNumber,
    ],
  ];
  if (person.expiryDate) fields.push(['Valid until', person.expiryDate]);
  if (person.address) fields.push(['Address', person.address]);
  return fields;
};

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' } as const;
const EXTENSION = { jpeg: 'jpg', png: 'png', pdf: 'pdf' } as const;

/** One personalised specimen: about a millisecond for a PDF, tens of milliseconds for an image. */
export async function specimenDocument({
  kind,
  format,
  person,
}: {
  kind: SpecimenKind;
  format: SpecimenFormat;
  person: SpecimenPerson;
}): Promise<Specimen> {
  const title = titleOf(kind);
  const fields = fieldsOf(kind, person);
  const bytes =
    format === 'pdf' ? specimenPdf(title, fields) : await specimenImage(format, kind, title, fields);
  return {
    bytes,
    contentType: CONTENT_TYPES[format],
    sha256: sha256Hex(bytes),
    fileName: `${kind.replace(/[^A-Za-z0-9_-]/g, '') || 'document'}-specimen.${EXTENSION[format]}`,
  };
}

/** Invented people for the generic specimens; no real person is meant. */
const GENERIC_PEOPLE: SpecimenPerson[] = [
  {
    fullName: 'ALEX SAMPLE',
    birthDate: '1990-01-01',
    documentNumber: 'X00000001',
    expiryDate: '2031-01-01',
    address: '1 Example Street, Sampletown',
  },
  {
    fullName: 'DENİZ ÖRNEK',
    birthDate: '1985-06-15',
    documentNumber: 'X00000002',
    expiryDate: '2030-06-15',
    address: 'Örnek Mah. Deneme Sok. 2, Ankara',
  },
];

const generic = new Map<string, Promise<Specimen[]>>();

/**
 * The fast path for seeding many documents: per kind, a JPEG, a PNG and a PDF for each of two
 * invented people, built once per process. Reused files are also stored once (same hash).
 */
export function genericSpecimens(kind: SpecimenKind): Promise<Specimen[]> {
  let set = generic.get(kind);
  if (!set) {
    set = Promise.all(
      GENERIC_PEOPLE.flatMap((person) =>
        (['jpeg', 'png', 'pdf'] as const).map((format) => specimenDocument({ kind, format, person })),
      ),
    );
    generic.set(kind, set);
  }
  return set;
}

// ── PDF ─────────────────────────────────────────────────────────────────────

const RED = [190, 20, 20] as const;
const INK = [20, 30, 60] as const;

function specimenPdf(title: string, fields: [string, string][]): Buffer {
  const marks: PdfMark[] = [
    { text: 'SPECIMEN', x: 110, y: 220, size: 110, bold: true, color: [250, 205, 205], angle: 40 },
    { rect: [0, A4.height - 110, A4.width, 110], fill: INK },
    { text: title, x: 48, y: A4.height - 62, size: 20, bold: true, color: [255, 255, 255] },
    {
      text: 'SPECIMEN — invented data, not a real person or document',
      x: 48,
      y: A4.height - 92,
      size: 11,
      color: [255, 215, 215],
    },
    { rect: [48, 300, A4.width - 96, 40 + fields.length * 34], stroke: INK },
  ];
  fields.forEach(([label, value], i) => {
    const y = 300 + fields.length * 34 - i * 34;
    marks.push(
      { text: label.toUpperCase(), x: 64, y, size: 9, color: [90, 100, 120] },
      { text: value, x: 200, y, size: 14, bold: true, color: INK },
    );
  });
  marks.push({ text: 'SPECIMEN · SPECIMEN · SPECIMEN', x: 48, y: 60, size: 14, bold: true, color: RED });
  return pdfDocument([marks], `${title} (specimen)`);
}

// ── Images ──────────────────────────────────────────────────────────────────

/** SPECIMEN drawn as strokes on a 4×6 grid per letter, so the word shows even where no font is installed. */
const STROKES: Record<string, string> = {
  S: 'M4 0H0V3H4V6H0',
  P: 'M0 6V0H4V3H0',
  E: 'M4 0H0V6H4M0 3H3',
  C: 'M4 0H0V6H4',
  I: 'M2 0V6M1 0H3M1 6H3',
  M: 'M0 6V0L2 3L4 0V6',
  N: 'M0 6V0L4 6V0',
};

const strokedWord = (word: string) =>
  [...word].map((letter, i) => `<path transform="translate(${i * 6} 0)" d="${STROKES[letter]}"/>`).join('');

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function specimenImage(
  format: 'jpeg' | 'png',
  kind: SpecimenKind,
  title: string,
  fields: [string, string][],
): Promise<Buffer> {
  const portrait = /selfie/.test(kind);
  const [width, height] = portrait ? [720, 960] : [1000, 640];
  const fieldTop = portrait ? 640 : 200;
  const fieldLeft = portrait ? 48 : 330;
  const rows = fields
    .map(
      ([label, value], i) =>
        `<text x="${fieldLeft}" y="${fieldTop + i * 56}" font-size="16" fill="#5a6478">${escapeXml(label.toUpperCase())}</text>` +
        `<text x="${fieldLeft}" y="${fieldTop + 26 + i * 56}" font-size="24" font-weight="bold" fill="#141e3c">${escapeXml(value)}</text>`,
    )
    .join('');
  const heldCard = /doc/.test(kind)
    ? '<rect x="400" y="440" width="210" height="134" rx="10" fill="#f4f1e8" stroke="#141e3c" stroke-width="3"/><rect x="414" y="458" width="50" height="64" fill="#dde3ee"/><rect x="476" y="462" width="110" height="10" fill="#5a6478"/><rect x="476" y="484" width="90" height="10" fill="#5a6478"/>'
    : '';
  const silhouette = portrait
    ? `<circle cx="360" cy="260" r="110" fill="#b9c2d3"/><rect x="200" y="380" width="320" height="220" rx="120" fill="#b9c2d3"/>${heldCard}`
    : '<rect x="48" y="170" width="240" height="300" rx="12" fill="#dde3ee"/><circle cx="168" cy="280" r="64" fill="#b9c2d3"/><rect x="88" y="360" width="160" height="110" rx="60" fill="#b9c2d3"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Liberation Sans, sans-serif">
<rect width="100%" height="100%" fill="#f4f1e8"/>
<rect x="12" y="12" width="${width - 24}" height="${height - 24}" rx="24" fill="none" stroke="#141e3c" stroke-width="4"/>
<rect x="12" y="12" width="${width - 24}" height="110" rx="24" fill="#141e3c"/>
<text x="48" y="70" font-size="30" font-weight="bold" fill="#fff">${escapeXml(title)}</text>
<text x="48" y="104" font-size="16" fill="#ffd7d7">SPECIMEN — invented data, not a real person or document</text>
${silhouette}${rows}
<g transform="translate(${width / 2} ${height / 2}) rotate(-28) scale(${width / 70}) translate(-23.5 -3)" fill="none" stroke="#c81e1e" stroke-opacity="0.4" stroke-width="0.9" stroke-linecap="round" stroke-linejoin="round">${strokedWord('SPECIMEN')}</g>
</svg>`;
  const image = (await loadSharp())(Buffer.from(svg));
  return format === 'jpeg'
    ? image.jpeg({ quality: 80 }).toBuffer()
    : image.png({ compressionLevel: 6 }).toBuffer();
}

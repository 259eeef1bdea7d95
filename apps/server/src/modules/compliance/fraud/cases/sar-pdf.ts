import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type AmountCatalogue, formatAmount } from '@backdesk/contract/rules';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { SAR_LABELS, type SarLang, sarWord } from './sar-labels.ts';

/** What a suspicious-activity report draft says; gathered by sar-data.ts. */
export interface SarContent {
  caseId: number;
  generatedAt: Date;
  generatedBy: string;
  customer: {
    id: number;
    user_name: string;
    name: string | null;
    email: string | null;
    mobile: string | null;
    kyc_level: number | null;
    status: string | null;
    registered_at: string | null;
  };
  narrative: string;
  decision: string | null;
  closingNote: string | null;
  alerts: {
    id: number;
    rule_code: string;
    severity: string;
    status: string;
    outcome: string | null;
    raised_at: string;
  }[];
  transactions: {
    id: number;
    type: string;
    asset: string;
    network: string;
    amount: string;
    to_address: string | null;
    status: string;
    created_at: string;
  }[];
  trades: {
    id: number;
    amount: string;
    /** The offer's contract, which the amount is in; null when the offer is not known. */
    contract: string | null;
    buyer: string;
    seller: string | null;
    status: string;
    created_at: string;
  }[];
  /** The customer's sign-in addresses, the latest used first. */
  signIns: {
    ip: string;
    sign_ins: number;
    failures: number;
    devices: number;
    first_at: string;
    last_at: string;
  }[];
  /** Active blocklist entries one of the customer's identifiers hits. */
  blocklistHits: {
    id: number;
    kind: string;
    value: string;
    network: string | null;
    reason: string;
    listed_at: string;
  }[];
  /** Customers who share a device, address, wallet address or counterparty with this one. */
  linkedCustomers: { user_name: string; kinds: string[] }[];
  comments: { author: string; body: string; created_at: string }[];
  /** The asset catalogue: each amount is written at its asset's precision. */
  catalogue: AmountCatalogue;
}

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` npm package: every machine that ran `npm ci` has it, and it
 * covers Turkish (ç ğ ı İ ö ş ü) that the PDF standard fonts' WinAnsi encoding cannot show. Embedded
 * as a subset, so a draft carries only the glyphs it uses.
 */
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function fontBytes() {
  fonts ??= (async () => {
    const dir = path.join(
      path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    const [regular, bold] = await Promise.all([
      readFile(path.join(dir, 'DejaVuSans.ttf')),
      readFile(path.join(dir, 'DejaVuSans-Bold.ttf')),
    ]);
    return { regular, bold };
  })();
  return fonts;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
/** Text and rules: black, and grey for labels and notices (set by renderSar, once pdf-lib is loaded). */
interface Ink {
  black: Color;
  grey: Color;
}

/** Lays text out top to bottom, wrapping lines and starting a new page when one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly ink: Ink,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  /**
   * A text's width, each distinct text shaped once per draft: shaping every growing line again for
   * each word it gained was most of a draft's time.
   */
  private widths = new Map<string, number>();
  width(text: string, font: PDFFont, size: number): number {
    const key = `${font === this.bold ? 'b' : 'r'}${size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, size);
      this.widths.set(key, width);
    }
    return width;
  }

  /**
   * Lines no wider than `width`, broken at spaces (a word longer than a line is cut). A line's width
   * is its words' and spaces' widths added up (kerning across a space is nil in the fonts we embed).
   */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    const space = this.width(' ', font, size);
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const wordWidth = this.width(word, font, size);
        const candidateWidth = line ? lineWidth + space + wordWidth : wordWidth;
        if (candidateWidth <= width) {
          line = line ? `${line} ${word}` : word;
          lineWidth = candidateWidth;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (this.width(rest, font, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && this.width(rest.slice(0, cut), font, size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
        lineWidth = this.width(rest, font, size);
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, opts: { size?: number; bold?: boolean; color?: Color; indent?: number } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    const x = MARGIN + (opts.indent ?? 0);
    for (const line of this.wrap(text, font, size, A4[0] - MARGIN - x)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: opts.color ?? this.ink.black });
      this.y -= size * 1.4;
    }
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 10;
    this.text(text, { size: 13, bold: true });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: A4[0] - MARGIN, y: this.y + 2 },
      thickness: 0.5,
      color: this.ink.grey,
    });
    this.y -= 6;
  }

  field(label: string, value: string) {
    const size = 10;
    const labelWidth = 150;
    const lines = this.wrap(value, this.regular, size, A4[0] - 2 * MARGIN - labelWidth);
    this.ensure(size * 1.4 * lines.length);
    this.page.drawText(label, { x: MARGIN, y: this.y - size, size, font: this.bold, color: this.ink.grey });
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y - size, size, font: this.regular });
      this.y -= size * 1.4;
    }
  }
}

const DASH = '—';

/** The locale a draft's figures are written in (en-US's grouping, as the screens use). */
const SAR_LOCALES: Record<SarLang, string> = { en: 'en-US', tr: 'tr-TR' };

/** A count grouped in the language's way ("1,234", tr "1.234"). */
export const formatCount = (value: number, lang: SarLang): string =>
  new Intl.NumberFormat(SAR_LOCALES[lang]).format(value);

const INSTANT_FORMATS: Record<SarLang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  tr: new Intl.DateTimeFormat('tr-TR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
};
export function formatInstant(iso: string | null, lang: SarLang): string {
  if (!iso) return DASH;
  return `${INSTANT_FORMATS[lang].format(new Date(iso))} UTC`;
}

/**
 * fontkit keeping each font it parsed: pdf-lib asks it to parse the font's bytes on every embed, which
 * read the font's tables again for every draft. A parsed font also keeps the glyphs and layouts it
 * has made; pdf-lib subsets through a subset object of its own per draft, so sharing it is safe.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
function keepingParsedFonts(fontkit: Fontkit): Fontkit {
  const parsed = new Map<Uint8Array, ReturnType<Fontkit['create']>>();
  return {
    create(data, postscriptName) {
      let font = parsed.get(data);
      if (!font) {
        font = fontkit.create(data, postscriptName);
        parsed.set(data, font);
      }
      return font;
    },
  };
}

/** The PDF packages, loaded once: not at start (half a second every start would pay) but on first need. */
let packages: Promise<[typeof import('pdf-lib'), Fontkit]> | undefined;
const pdfPackages = () => {
  packages ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(
    ([pdfLib, fontkit]) =>
      [pdfLib, keepingParsedFonts(fontkit.default)] as [typeof import('pdf-lib'), Fontkit],
  );
  return packages;
};

/** A draft with a little of everything, rendered by the warm-up in each language. */
const WARM_SAMPLE: SarContent = {
  caseId: 0,
  generatedAt: new Date(0),
  generatedBy: 'Backdesk',
  customer: {
    id: 0,
    user_name: 'warm-up',
    name: 'Çağrı Işık Öztürk',
    email: null,
    mobile: null,
    kyc_level: 0,
    status: 'active',
    registered_at: null,
  },
  narrative: 'Şüpheli çekim — suspicious withdrawal, 1.234,56 TRY.',
  decision: null,
  closingNote: null,
  alerts: [],
  transactions: [],
  trades: [],
  signIns: [],
  blocklistHits: [],
  linkedCustomers: [],
  comments: [],
  catalogue: new Map(),
};

/**
 * Loads the PDF packages and the fonts and renders a sample draft in each language, so a member's
 * first draft pays for none of it (the fonts' tables parsed, the code compiled). Called once the
 * server is listening (fraud-cases.module.ts).
 */
export async function warmSarRenderer(): Promise<void> {
  await Promise.all([pdfPackages(), fontBytes()]);
  await renderSar(WARM_SAMPLE, 'en');
  await renderSar(WARM_SAMPLE, 'tr');
}

/** The draft as PDF bytes, in the member's language. */
export async function renderSar(content: SarContent, lang: SarLang): Promise<Uint8Array> {
  const L = SAR_LABELS[lang];
  const [{ PDFDocument, rgb }, fontkit] = await pdfPackages();
  const GREY = rgb(0.35, 0.35, 0.35);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const [regular, bold] = await Promise.all([
    doc.embedFont(bytes.regular, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
  ]);
  doc.setTitle(`${L.title} #${content.caseId}`);
  doc.setLanguage(lang === 'tr' ? 'tr-TR' : 'en-GB');
  doc.setProducer('Backdesk');
  doc.setCreationDate(content.generatedAt);
  doc.setModificationDate(content.generatedAt);

  const w = new Writer(doc, regular, bold, { black: rgb(0, 0, 0), grey: GREY });
  const c = content.customer;
  w.text(L.title, { size: 18, bold: true });
  w.text(L.draftNotice, { size: 9, color: GREY });
  w.y -= 6;
  w.field(L.caseNumber, `#${content.caseId}`);
  w.field(L.generated, `${formatInstant(content.generatedAt.toISOString(), lang)} · ${content.generatedBy}`);

  w.heading(L.customer);
  w.field(L.customerId, String(c.id));
  w.field(L.userName, c.user_name);
  w.field(L.name, c.name ?? DASH);
  w.field(L.email, c.email ?? DASH);
  w.field(L.mobile, c.mobile ?? DASH);
  w.field(L.kycLevel, c.kyc_level === null ? DASH : String(c.kyc_level));
  w.field(L.status, c.status === null ? DASH : sarWord(L.accountStatuses, c.status));
  w.field(L.registered, formatInstant(c.registered_at, lang));

  w.heading(L.narrative);
  w.text(content.narrative.trim() || L.noNarrative, { color: content.narrative.trim() ? undefined : GREY });

  w.heading(`${L.alerts} (${content.alerts.length})`);
  if (!content.alerts.length) w.text(L.none, { color: GREY });
  for (const a of content.alerts) {
    const state = a.outcome
      ? `${L.statuses[a.status] ?? a.status} · ${L.outcomes[a.outcome] ?? a.outcome}`
      : (L.statuses[a.status] ?? a.status);
    w.text(`#${a.id} · ${L.rules[a.rule_code] ?? a.rule_code} · ${L.severities[a.severity] ?? a.severity}`, {
      bold: true,
    });
    w.text(`${formatInstant(a.raised_at, lang)} · ${state}`, { indent: 12 });
  }

  w.heading(`${L.transactions} (${content.transactions.length})`);
  if (!content.transactions.length) w.text(L.none, { color: GREY });
  for (const t of content.transactions) {
    w.text(
      `#${t.id} · ${L.txTypes[t.type] ?? t.type} · ${formatAmount(SAR_LOCALES[lang], t.amount, t.asset, content.catalogue)} (${t.network})`,
      {
        bold: true,
      },
    );
    w.text(
      `${formatInstant(t.created_at, lang)} · ${sarWord(L.walletStatuses, t.status)}${t.to_address ? ` · ${L.toAddress}: ${t.to_address}` : ''}`,
      {
        indent: 12,
      },
    );
  }

  w.heading(`${L.trades} (${content.trades.length})`);
  if (!content.trades.length) w.text(L.none, { color: GREY });
  for (const p of content.trades) {
    w.text(
      `#${p.id} · ${formatAmount(SAR_LOCALES[lang], p.amount, p.contract, content.catalogue)} · ${L.buyer}: ${p.buyer} · ${L.seller}: ${p.seller ?? DASH}`,
      {
        bold: true,
      },
    );
    w.text(`${formatInstant(p.created_at, lang)} · ${sarWord(L.tradeStatuses, p.status)}`, { indent: 12 });
  }

  w.heading(`${L.signIns} (${content.signIns.length})`);
  if (!content.signIns.length) w.text(L.none, { color: GREY });
  for (const s of content.signIns) {
    w.text(s.ip, { bold: true });
    w.text(
      `${L.signInCounts(formatCount(s.sign_ins, lang), formatCount(s.failures, lang), formatCount(s.devices, lang))} · ${formatInstant(s.first_at, lang)} – ${formatInstant(s.last_at, lang)}`,
      { indent: 12 },
    );
  }

  w.heading(`${L.blocklistHits} (${content.blocklistHits.length})`);
  if (!content.blocklistHits.length) w.text(L.none, { color: GREY });
  for (const b of content.blocklistHits) {
    w.text(
      `#${b.id} · ${sarWord(L.blocklistKinds, b.kind)} · ${b.value}${b.network ? ` (${b.network})` : ''}`,
      {
        bold: true,
      },
    );
    w.text(`${formatInstant(b.listed_at, lang)} · ${b.reason}`, { indent: 12 });
  }

  w.heading(`${L.linkedCustomers} (${content.linkedCustomers.length})`);
  if (!content.linkedCustomers.length) w.text(L.none, { color: GREY });
  for (const l of content.linkedCustomers)
    w.text(`${l.user_name} · ${l.kinds.map((k) => sarWord(L.linkKinds, k)).join(', ')}`);

  w.heading(`${L.comments} (${content.comments.length})`);
  if (!content.comments.length) w.text(L.none, { color: GREY });
  for (const k of content.comments) {
    w.text(`${k.author} · ${formatInstant(k.created_at, lang)}`, { bold: true });
    w.text(k.body, { indent: 12 });
  }

  if (content.decision) {
    w.heading(L.decision);
    w.field(L.decision, L.decisions[content.decision] ?? content.decision);
    w.field(L.note, content.closingNote ?? DASH);
  }

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(`${L.footer} · ${L.caseNumber} #${content.caseId} · ${i + 1}/${pages.length}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: GREY,
    });
  });
  return doc.save();
}

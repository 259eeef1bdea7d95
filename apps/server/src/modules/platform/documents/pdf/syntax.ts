/**
 * PDF's object syntax (ISO 32000-1 §7.2–7.3), read strictly from a byte buffer: names are decoded as
 * a reader decodes them (#xx escapes), and white space is PDF's own set, NUL included, so a name a
 * viewer would act on is the name this reader sees.
 */

export class PdfSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
    this.name = 'PdfSyntaxError';
  }
}

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return `${this.num} ${this.gen}`;
  }
}

export class PdfString {
  constructor(readonly bytes: Buffer) {}
  /** The text as PDFDocEncoding's ASCII part reads it, or UTF-16BE behind its byte order mark. */
  get text(): string {
    const b = this.bytes;
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
      return Buffer.from(b.subarray(2)).swap16().toString('utf16le');
    }
    return b.toString('latin1');
  }
}

export type PdfDict = Map<string, PdfValue>;
export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfValue[] | PdfDict;

export const isDict = (value: PdfValue | undefined): value is PdfDict => value instanceof Map;
export const nameOf = (value: PdfValue | undefined): string | undefined =>
  value instanceof PdfName ? value.name : undefined;

// Character classes of §7.2.2: white space (NUL, HT, LF, FF, CR, SP) and delimiters.
const WHITE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;

export const isWhite = (byte: number | undefined) => byte !== undefined && WHITE[byte] === 1;
const isRegular = (byte: number | undefined) =>
  byte !== undefined && WHITE[byte] === 0 && DELIMITER[byte] === 0;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

const hexValue = (byte: number): number => {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
};

/** Arrays and dictionaries nested deeper than this are refused (a stack-exhaustion file). */
const MAX_DEPTH = 64;

/** A cursor over the bytes that reads tokens and objects; `pos` is where the next read starts. */
export class PdfReader {
  pos: number;
  constructor(
    readonly bytes: Buffer,
    start = 0,
    readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  fail(message: string, at = this.pos): never {
    throw new PdfSyntaxError(message, at);
  }

  atEnd(): boolean {
    return this.pos >= this.end;
  }

  peek(offset = 0): number | undefined {
    const at = this.pos + offset;
    return at < this.end ? this.bytes[at] : undefined;
  }

  /** Skips white space and comments; calls `onComment` with each comment's text (for `%%EOF`). */
  skipSpace(onComment?: (text: string, at: number) => void): void {
    while (this.pos < this.end) {
      const byte = this.bytes[this.pos]!;
      if (WHITE[byte]) {
        this.pos++;
      } else if (byte === 0x25) {
        const start = this.pos;
        while (this.pos < this.end && this.bytes[this.pos] !== 0x0a && this.bytes[this.pos] !== 0x0d)
          this.pos++;
        onComment?.(this.bytes.toString('latin1', start, this.pos), start);
      } else {
        return;
      }
    }
  }

  /** The regular characters from here (a keyword or a number), without consuming them. */
  word(): string {
    let at = this.pos;
    while (at < this.end && isRegular(this.bytes[at])) at++;
    return this.bytes.toString('latin1', this.pos, at);
  }

  /** Consumes `keyword` when it stands here as a whole token. */
  take(keyword: string): boolean {
    if (this.word() !== keyword) return false;
    this.pos += keyword.length;
    return true;
  }

  expect(keyword: string): void {
    this.skipSpace();
    if (!this.take(keyword)) this.fail(`expected "${keyword}"`);
  }

  /** A non-negative integer token, consumed. */
  integer(): number {
    this.skipSpace();
    const token = this.word();
    if (!/^\d{1,15}$/.test(token)) this.fail('expected a whole number');
    this.pos += token.length;
    return Number(token);
  }

  /** `num gen obj` here, without consuming it, or undefined. */
  objectHeader(): { num: number; gen: number; length: number } | undefined {
    const start = this.pos;
    try {
      const num = this.integer();
      const gen = this.integer();
      this.skipSpace();
      if (!this.take('obj')) return undefined;
      return { num, gen, length: this.pos - start };
    } catch (error) {
      if (error instanceof PdfSyntaxError) return undefined;
      throw error;
    } finally {
      this.pos = start;
    }
  }

  /** One object (§7.3), references `num gen R` included. */
  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) this.fail('objects nested too deeply');
    this.skipSpace();
    const byte = this.peek();
    if (byte === undefined) this.fail('unexpected end of data');
    if (byte === 0x2f) return this.name();
    if (byte === 0x28) return this.literalString();
    if (byte === 0x3c) return this.peek(1) === 0x3c ? this.dictionary(depth) : this.hexString();
    if (byte === 0x5b) return this.array(depth);
    const token = this.word();
    if (token === '') this.fail(`unexpected character 0x${byte.toString(16).padStart(2, '0')}`);
    if (token === 'true' || token === 'false' || token === 'null') {
      this.pos += token.length;
      return token === 'null' ? null : token === 'true';
    }
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) this.fail(`unexpected keyword "${token.slice(0, 20)}"`);
    this.pos += token.length;
    const number = Number(token);
    if (/^\d+$/.test(token)) {
      const ref = this.referenceAfter(number);
      if (ref) return ref;
    }
    return number;
  }

  /** `gen R` after an integer makes a reference; otherwise nothing is consumed. */
  private referenceAfter(num: number): PdfRef | undefined {
    const start = this.pos;
    this.skipSpace();
    const gen = this.word();
    if (/^\d{1,5}$/.test(gen)) {
      this.pos += gen.length;
      this.skipSpace();
      if (this.take('R')) return new PdfRef(num, Number(gen));
    }
    this.pos = start;
    return undefined;
  }

  private name(): PdfName {
    this.pos++; // the solidus
    const out: number[] = [];
    while (this.pos < this.end && isRegular(this.bytes[this.pos])) {
      const byte = this.bytes[this.pos]!;
      const high = byte === 0x23 ? hexValue(this.bytes[this.pos + 1] ?? 0) : -1;
      const low = high >= 0 ? hexValue(this.bytes[this.pos + 2] ?? 0) : -1;
      if (low >= 0) {
        out.push(high * 16 + low);
        this.pos += 3;
      } else {
        out.push(byte);
        this.pos++;
      }
    }
    return new PdfName(Buffer.from(out).toString('latin1'));
  }

  private literalString(): PdfString {
    const start = this.pos;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < this.end) {
      const byte = this.bytes[this.pos++]!;
      if (byte === 0x5c) {
        this.escape(out);
      } else if (byte === 0x28) {
        depth++;
        out.push(byte);
      } else if (byte === 0x29) {
        if (--depth === 0) return new PdfString(Buffer.from(out));
        out.push(byte);
      } else {
        out.push(byte);
      }
    }
    return this.fail('unterminated string', start);
  }

  private escape(out: number[]): void {
    const byte = this.bytes[this.pos++];
    const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
    if (byte === undefined) return;
    if (simple[byte] !== undefined) out.push(simple[byte]);
    else if (byte >= 0x30 && byte <= 0x37) {
      let code = byte - 0x30;
      for (let i = 0; i < 2 && (this.peek() ?? 0) >= 0x30 && (this.peek() ?? 0) <= 0x37; i++) {
        code = code * 8 + (this.bytes[this.pos++]! - 0x30);
      }
      out.push(code & 0xff);
    } else if (byte === 0x0d) {
      if (this.peek() === 0x0a) this.pos++; // a line continuation
    } else if (byte !== 0x0a) {
      out.push(byte);
    }
  }

  private hexString(): PdfString {
    const start = this.pos;
    this.pos++;
    const digits: number[] = [];
    while (this.pos < this.end) {
      const byte = this.bytes[this.pos++]!;
      if (byte === 0x3e) {
        if (digits.length % 2) digits.push(0);
        const out = Buffer.alloc(digits.length / 2);
        for (let i = 0; i < out.length; i++) out[i] = digits[2 * i]! * 16 + digits[2 * i + 1]!;
        return new PdfString(out);
      }
      if (WHITE[byte]) continue;
      const digit = hexValue(byte);
      if (digit < 0) this.fail('not a hexadecimal string', start);
      digits.push(digit);
    }
    return this.fail('unterminated hexadecimal string', start);
  }

  private array(depth: number): PdfValue[] {
    this.pos++;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === 0x5d) {
        this.pos++;
        return items;
      }
      items.push(this.value(depth + 1));
    }
  }

  private dictionary(depth: number): PdfDict {
    this.pos += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipSpace();
      if (this.peek() === 0x3e && this.peek(1) === 0x3e) {
        this.pos += 2;
        return dict;
      }
      if (this.peek() !== 0x2f) this.fail('a dictionary key must be a name');
      const at = this.pos;
      const key = this.name().name;
      // Readers disagree on which of two values counts; a file that gives two is not read.
      if (dict.has(key)) this.fail(`a dictionary gives /${key.slice(0, 40)} twice`, at);
      dict.set(key, this.value(depth + 1));
    }
  }
}

export const startsWithDigit = (reader: PdfReader) => isDigit(reader.peek());

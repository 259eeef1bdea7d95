/**
 * Seeded randomness. sfc32 is small, fast and passes PractRand; every row gets its own generator,
 * seeded from (seed, stream, index), so any row can be rebuilt on its own — offers name their seller
 * and transactions their customer without keeping a million customers in memory.
 */

const fmix32 = (value: number): number => {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** A 32-bit hash of a few integers; used to seed generators and to pick stable subsets. */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Indexes may exceed 32 bits (transaction ids at 5M are fine, but stay general).
    h = fmix32(h ^ fmix32(part >>> 0));
    h = fmix32(h + Math.floor(part / 4294967296));
  }
  return h;
}

/** Reused by hex(): Buffer's native hex encoder is far quicker than per-word toString(16). */
const hexScratch = Buffer.alloc(64);

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a >>> 0;
    this.b = b >>> 0;
    this.c = c >>> 0;
    this.d = d >>> 0;
    // sfc32 needs a few rounds before close seeds drift apart.
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive; exact for spans up to 2^53. */
  int(min: number, max: number): number {
    const span = max - min + 1;
    if (span <= 4294967296) return min + Math.floor(this.float() * span);
    const wide = this.u32() * 2097152 + (this.u32() >>> 11); // 53 random bits
    return min + (wide % span);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** Lower-case hex digits, `length` of them (even, at most 128). */
  hex(length: number): string {
    const bytes = length >>> 1;
    for (let i = 0; i < bytes; i += 4) hexScratch.writeUInt32LE(this.u32(), i);
    return hexScratch.toString('hex', 0, bytes);
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const word = this.u32();
      for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (word >>> (8 * j)) & 0xff;
    }
    return out;
  }
}

export function rowRng(seed: number, stream: number, index: number): Rng {
  const h = hash32(seed, stream, index);
  return new Rng(h, hash32(h, 1), hash32(h, 2), hash32(h, 3));
}

/** Picks by relative weight; the cumulative table is built once per vocabulary. */
export function weighted<T>(entries: readonly (readonly [T, number])[]): (rng: Rng) => T {
  const values = entries.map(([value]) => value);
  const bounds: number[] = [];
  let total = 0;
  for (const [, weight] of entries) {
    total += weight;
    bounds.push(total);
  }
  return (rng) => {
    const x = rng.float() * total;
    for (let i = 0; i < bounds.length; i++) if (x < bounds[i]!) return values[i]!;
    return values[values.length - 1]!;
  };
}

/** Stream numbers: one per kind of row, so changing one table's size leaves the others unchanged. */
export const Stream = {
  customer: 1,
  offer: 2,
  trade: 3,
  walletTransaction: 4,
  depositAddress: 5,
  withdrawalAddress: 6,
  bankAccount: 7,
  platform: 8,
  limit: 9,
} as const;

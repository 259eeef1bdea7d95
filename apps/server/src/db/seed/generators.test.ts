import { describe, expect, it } from 'vitest';
import { bitcoinAddress, tronAddress, turkishIban, uuidV4 } from './addresses.ts';
import { copyLine } from './copy-text.ts';
import { customerAt } from './customers.ts';
import { formatUnits } from './decimal-text.ts';
import { planSeed } from './index.ts';
import { offerAt, tradeAt } from './p2p.ts';
import { Rng } from './prng.ts';
import { COPY_TABLES, rowsBetween, type SeedPlan } from './tables.ts';
import { walletTransactionAt } from './wallet-transactions.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

function firstLines(plan: SeedPlan, n: number): string[] {
  const out: string[] = [];
  for (const spec of COPY_TABLES) {
    const rowAt = spec.rowAt(plan);
    for (const row of rowsBetween(rowAt, 0, Math.min(n, spec.size(plan)))) {
      out.push(copyLine(row));
    }
  }
  return out;
}

const sample = (n: number, seed?: number) =>
  Array.from({ length: n }, (_, i) =>
    customerAt(seed ?? 7, planSeed({ customers: n, now: NOW }).timeline, i + 1),
  );

describe('determinism', () => {
  it('gives identical rows for the same seed and instant', () => {
    const a = firstLines(planSeed({ customers: 5_000, seed: 11, now: NOW }), 200);
    const b = firstLines(planSeed({ customers: 5_000, seed: 11, now: NOW }), 200);
    expect(a).toEqual(b);
    expect(a.length).toBe(200 * 3 + 30 + 6 + 200); // customers, offers, trades, 30 limits, 6 assets, transactions
  });

  it('gives different rows for another seed', () => {
    const a = firstLines(planSeed({ customers: 5_000, seed: 11, now: NOW }), 50);
    const b = firstLines(planSeed({ customers: 5_000, seed: 12, now: NOW }), 50);
    const same = a.filter((line, i) => line === b[i]).length;
    expect(same).toBeLessThan(35); // only the fixed limit rows without wallet addresses may coincide
  });

  it('applies the documented defaults', () => {
    expect(planSeed({ customers: 100 })).toMatchObject({ offers: 20, trades: 50, walletTransactions: 500 });
    expect(planSeed({ customers: 1_000_000 })).toMatchObject({
      offers: 10_000,
      trades: 100_000,
      walletTransactions: 5_000_000,
    });
    expect(() => planSeed({ customers: 0 })).toThrow(/customers/);
    expect(() => planSeed({ customers: 10, trades: -1 })).toThrow(/trades/);
  });
});

describe('customers', () => {
  const customers = sample(3_000);

  it('has every roles shape upstream produced (docs/product-rules.md R6)', () => {
    const texts = customers.map((c) => c.rolesText);
    expect(texts).toContain(null);
    expect(texts).toContain('[]');
    expect(texts.some((t) => t?.startsWith('["'))).toBe(true);
    expect(texts.some((t) => t?.startsWith('[\\"') && t.includes('\\",\\"'))).toBe(true);
    expect(texts.some((t) => t !== null && /^[a-z_]+$/.test(t))).toBe(true);
  });

  it('writes Turkish names with Turkish letters, and others too', () => {
    const names = customers.map((c) => `${c.aliasName} ${c.aliasSurname}`).join(' ');
    for (const letter of ['Ş', 'ş', 'ı', 'İ', 'ğ', 'ü', 'ö', 'ç', 'Ç', 'Ö']) expect(names).toContain(letter);
    const turkish = customers.filter((c) => /[şığüöçŞİĞÜÖÇ]/.test(c.aliasName + c.aliasSurname)).length;
    expect(turkish / customers.length).toBeGreaterThan(0.35);
    expect(customers.some((c) => /^\+44|^\+49|^\+994/.test(c.mobile ?? ''))).toBe(true);
  });

  it('keeps user names unique and ASCII, and the data consistent', () => {
    expect(new Set(customers.map((c) => c.userName)).size).toBe(customers.length);
    for (const c of customers) {
      expect(c.userName).toMatch(/^[a-z0-9._]+$/);
      expect(c.updateDate).toBeGreaterThanOrEqual(c.createDate);
      expect(c.createDate).toBeLessThanOrEqual(NOW.getTime());
      if (c.userKy !== 'approved' && c.userKy !== 'pending') expect(c.kycLevel).toBe(0);
      if (c.tokenHash !== null) expect(c.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
    const mobileNull = customers.filter((c) => c.mobile === null).length / customers.length;
    expect(mobileNull).toBeGreaterThan(0.02);
    expect(mobileNull).toBeLessThan(0.09);
    expect(customers.filter((c) => c.kycType === 'kyb').length).toBeGreaterThan(300);
  });

  it('signs up more customers in the last 30 days than in the 30 before', () => {
    const { timeline } = planSeed({ customers: 100_000, now: NOW });
    const day = 86_400_000;
    const last = timeline.customersBy(NOW.getTime()) - timeline.customersBy(NOW.getTime() - 30 * day);
    const before =
      timeline.customersBy(NOW.getTime() - 30 * day) - timeline.customersBy(NOW.getTime() - 60 * day);
    expect(last / before).toBeGreaterThan(1.05);
    expect(last / before).toBeLessThan(1.2);
  });
});

describe('amounts, addresses and references', () => {
  const plan = planSeed({ customers: 2_000, seed: 3, now: NOW });

  it('writes every amount as an exact decimal string', () => {
    expect(formatUnits(123_456_789, 8)).toBe('1.23456789');
    expect(formatUnits(5, 8)).toBe('0.00000005');
    expect(formatUnits(120_000, 4)).toBe('12');
    for (let i = 0; i < 300; i++) {
      const offer = offerAt(plan.seed, plan.timeline, i);
      expect(offer.unitPrice).toMatch(DECIMAL);
      expect(tradeAt(plan.seed, plan.timeline, plan.offers, i).tradeAmount).toMatch(DECIMAL);
      const tx = walletTransactionAt(plan.seed, plan.timeline, i + 1, plan.walletTransactions);
      expect(tx.amount).toMatch(DECIMAL);
      expect(tx.fee).toMatch(DECIMAL);
    }
  });

  it('prices offers in TRY at sensible magnitudes', () => {
    for (let i = 0; i < plan.offers; i++) {
      const o = offerAt(plan.seed, plan.timeline, i);
      const price = Number(o.unitPrice);
      if (o.contract.name.startsWith('USDT')) expect(price).toBeGreaterThan(34);
      if (o.contract.name === 'BTC') expect(price).toBeGreaterThanOrEqual(3_000_000);
      expect(o.unitPrice.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(8);
    }
  });

  it('encodes Tron addresses like the network does', () => {
    const zeroes = { bytes: (n: number) => new Uint8Array(n) } as unknown as Rng;
    expect(tronAddress(zeroes)).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'); // the well-known zero address
  });

  it('makes well-formed identifiers', () => {
    const rng = new Rng(1, 2, 3, 4);
    for (let i = 0; i < 50; i++) {
      expect(uuidV4(rng)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(tronAddress(rng)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(bitcoinAddress(rng)).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
      const iban = turkishIban(rng);
      expect(iban).toMatch(/^TR\d{24}$/);
      // ISO 13616: moving the first four characters to the end leaves remainder 1 modulo 97.
      const digits = `${iban.slice(4)}2927${iban.slice(2, 4)}`;
      expect(digits.split('').reduce((rest, d) => (rest * 10 + Number(d)) % 97, 0)).toBe(1);
    }
  });

  it('keeps wallet transactions in time order and inside their customer’s lifetime', () => {
    let previous = 0;
    for (let id = 1; id <= plan.walletTransactions; id += 7) {
      const tx = walletTransactionAt(plan.seed, plan.timeline, id, plan.walletTransactions);
      expect(tx.customerId).toBeGreaterThanOrEqual(1);
      expect(tx.customerId).toBeLessThanOrEqual(plan.customers);
      const owner = customerAt(plan.seed, plan.timeline, tx.customerId);
      expect(tx.createdAt).toBeGreaterThanOrEqual(owner.createDate);
      expect(tx.createdAt).toBeGreaterThanOrEqual(previous - 1);
      expect(tx.updatedAt).toBeGreaterThanOrEqual(tx.createdAt);
      if (tx.status === 'under_review') expect(tx.type).toBe('withdrawal');
      previous = tx.createdAt;
    }
  });

  it('has withdrawals only from customers verified to level 1 or more (R38)', () => {
    let withdrawals = 0;
    for (let id = 1; id <= plan.walletTransactions; id++) {
      const tx = walletTransactionAt(plan.seed, plan.timeline, id, plan.walletTransactions);
      if (tx.type !== 'withdrawal') continue;
      withdrawals++;
      expect(
        customerAt(plan.seed, plan.timeline, tx.customerId).kycLevel,
        `withdrawal ${id}`,
      ).toBeGreaterThan(0);
    }
    expect(withdrawals).toBeGreaterThan(plan.walletTransactions / 10);
  });

  it('points about 3% of trades at a market with no offer', () => {
    const guids = new Set(
      Array.from({ length: plan.offers }, (_, i) => offerAt(plan.seed, plan.timeline, i).tradeMarketGuid),
    );
    const trades = Array.from({ length: 2_000 }, (_, i) => tradeAt(plan.seed, plan.timeline, plan.offers, i));
    const orphans = trades.filter((t) => !guids.has(t.tradeMarketGuid)).length;
    expect(orphans).toBeGreaterThan(20);
    expect(orphans).toBeLessThan(110);
  });
});

describe('COPY text encoding', () => {
  it('escapes tab, newline, carriage return and backslash, and writes NULL as \\N', () => {
    expect(copyLine(['a\tb', 'c\nd', 'e\\f', 'g\rh', null, 42])).toBe(
      'a\\tb\tc\\nd\te\\\\f\tg\\rh\t\\N\t42\n',
    );
    expect(copyLine(['[\\"trader\\"]'])).toBe('[\\\\"trader\\\\"]\n');
  });
});

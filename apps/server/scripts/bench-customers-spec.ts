// The original customer list (R24 departs from it), for bench-customers.ts to print beside Backdesk's: the server
// sends every customer once, the browser parses them and filters in memory on each change. Timed as
// its proponents would build it: the one-time load apart (query, JSON, gzip size, parse, and folding
// the searched texts once so that no filter change folds them again), then each filter change alone.
// Network time is left out (it would only add to the load). Run by bench-customers.ts in a process
// of its own, with a heap big enough for it; reads the cases from BENCH_SPEC_CASES and prints JSON.
import { gzipSync } from 'node:zlib';
import type { Customer } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { createDb, createPool } from '../src/db/client.ts';
import { type CustomerRow, toCustomer } from '../src/modules/crm/customers/customer-mapping.ts';
import { CUSTOMER_COLUMNS } from '../src/modules/crm/customers/customer-sql.ts';
import { percentiles } from './bench-support.ts';

export interface SpecCase {
  name: string;
  /** Filters (search, status, kyc_status, role) and sort/dir, as the Backdesk request carries them. */
  sets: Record<string, string>[];
}

export interface SpecFigures {
  load: {
    queryMs: number;
    serialiseMs: number;
    jsonBytes: number;
    gzipMs: number;
    gzipBytes: number;
    parseMs: number;
    prepareMs: number;
    heapBytes: number;
  };
  runs: number;
  cases: { name: string; p50: number; p95: number; p99: number; matches: string }[];
}

const RUNS = 10;

/** Case folding as Backdesk's bd_fold (migration 0003): İ, I and ı are i, then lower case. */
const fold = (text: string) => text.replace(/[İIı]/g, 'i').toLowerCase();

type Loaded = Customer & { folded: string; kycFolded: string; rolesFolded: string[] };

/** The original filters (R10 departs from them): search a substring of the four texts, status exact, KYC and role case-insensitive. */
function filterAll(all: Loaded[], f: Record<string, string>): Loaded[] {
  // Backdesk's word rule (R10), so that both approaches find the same customers.
  const words = f.search ? fold(f.search).split(/\s+/u).filter(Boolean) : undefined;
  const kyc = f.kyc_status ? fold(f.kyc_status) : undefined;
  const role = f.role ? fold(f.role) : undefined;
  return all.filter(
    (u) =>
      (!words || words.every((word) => u.folded.includes(word))) &&
      (!f.status || u.status === f.status) &&
      (!kyc || u.kycFolded === kyc) &&
      (!role || u.rolesFolded.includes(role)),
  );
}

const SORT_FIELD: Record<string, (u: Loaded) => string> = {
  user_name: (u) => u.user_name,
  alias_name: (u) => u.alias_name ?? '',
  alias_surname: (u) => u.alias_surname ?? '',
  email: (u) => u.email ?? '',
  phone: (u) => u.phone,
  status: (u) => u.status ?? '',
  kyc_status: (u) => u.kyc_status,
  customer_type: (u) => u.customer_type,
  created_at: (u) => u.created_at,
  updated_at: (u) => u.updated_at,
};

/** A filter change: the matches, sorted when another order than the loaded one (newest first) is asked. */
function change(all: Loaded[], f: Record<string, string>) {
  const { sort, dir, ...filters } = f;
  const matches = filterAll(all, filters);
  if (sort) {
    const key = SORT_FIELD[sort]!;
    const sign = dir === 'desc' ? -1 : 1;
    matches.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
    });
  }
  return { shown: matches.slice(0, 50), matches: matches.length };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const cases = JSON.parse(process.env.BENCH_SPEC_CASES ?? '[]') as SpecCase[];
  if (!url) throw new Error('BENCH_DATABASE_URL is not set: run bench:customers');
  const pool = createPool(url, 1);
  const db = createDb(pool);
  try {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    // Server side: every row, newest first (the list's order), mapped, as JSON.
    let t0 = performance.now();
    const rows = (
      await db.execute<CustomerRow>(
        sql`SELECT ${CUSTOMER_COLUMNS} FROM customers ORDER BY create_date DESC, id DESC`,
      )
    ).rows.map(toCustomer);
    const queryMs = performance.now() - t0;
    t0 = performance.now();
    let body: string | undefined = JSON.stringify({ success: true, users: rows });
    const serialiseMs = performance.now() - t0;
    rows.length = 0;
    const jsonBytes = Buffer.byteLength(body);
    t0 = performance.now();
    const gzipBytes = gzipSync(body, { level: 6 }).length;
    const gzipMs = performance.now() - t0;
    // Browser side: parse, then fold the searched texts once.
    t0 = performance.now();
    const users = (JSON.parse(body) as { users: Customer[] }).users;
    const parseMs = performance.now() - t0;
    body = undefined;
    t0 = performance.now();
    const all: Loaded[] = users.map((u) =>
      Object.assign(u, {
        folded: fold([u.user_name, u.alias_name ?? '', u.alias_surname ?? '', u.email ?? ''].join('\u001f')),
        kycFolded: fold(u.kyc_status),
        rolesFolded: u.roles.map(fold),
      }),
    );
    const prepareMs = performance.now() - t0;
    global.gc?.();
    const heapBytes = process.memoryUsage().heapUsed - heapBefore;

    const measured = cases.map((c) => {
      const times: number[] = [];
      const counts = new Map<string, number>();
      for (let run = 0; run < RUNS; run++) {
        const filters = c.sets[run % c.sets.length]!;
        const started = performance.now();
        const { matches } = change(all, filters);
        times.push(performance.now() - started);
        counts.set(JSON.stringify(filters), matches);
      }
      const p = percentiles(times);
      const matches = [...counts.values()].map((n) => n.toLocaleString('en-US')).join(' / ');
      return { name: c.name, p50: p.p50, p95: p.p95, p99: p.p99, matches };
    });
    const figures: SpecFigures = {
      load: { queryMs, serialiseMs, jsonBytes, gzipMs, gzipBytes, parseMs, prepareMs, heapBytes },
      runs: RUNS,
      cases: measured,
    };
    process.stdout.write(JSON.stringify(figures));
  } finally {
    await pool.end();
  }
}

await main();

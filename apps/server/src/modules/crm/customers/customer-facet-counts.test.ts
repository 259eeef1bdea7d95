import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { customerWhere } from './customer-sql.ts';

const t = useTestApp();
const admin = t.session('admin');

type Facet = {
  status: string | null;
  kyc: string;
  role: string | null;
  tier: string;
  active: boolean;
  n: number;
};
const ORDER = sql`status NULLS FIRST, kyc, role NULLS FIRST, tier, active`;

/** The counts as the triggers kept them, without the rows that net to zero. */
async function kept(): Promise<Facet[]> {
  const result = await t.db.execute<Facet>(sql`
    SELECT status, kyc, role, tier, active, n::int AS n FROM customer_facet_counts WHERE n <> 0
     ORDER BY ${ORDER}`);
  return result.rows;
}

/** The same counts computed from the customers themselves (active: isActiveCustomer written out). */
async function recomputed(): Promise<Facet[]> {
  const result = await t.db.execute<Facet>(sql`
    SELECT c.status, public.bd_fold(coalesce(c.user_ky, 'kyc')) AS kyc, r.role,
           coalesce(c.customer_type, 'bronze') AS tier,
           (coalesce(c.token_hash, '') <> '' OR coalesce(c.status = 'active', false)) AS active, count(*)::int AS n
      FROM customers c
      CROSS JOIN LATERAL (SELECT NULL::text AS role
                          UNION SELECT x FROM unnest(c.roles_folded) AS x WHERE x IS NOT NULL) r
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY ${ORDER}`);
  return result.rows;
}

/** A small deterministic generator, so a failure repeats. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const STATUSES = ['active', 'inactive', 'suspended', 'Active', null];
const KYC = ['approved', 'APPROVED', 'pending', 'rejected', 'kyc', 'İptal', null];
const ROLES = ['trader', 'VIP', 'vip', 'market_maker', 'P2P_SELLER', 'ışık'];
const TIERS = ['bronze', 'silver', 'gold', null];
const TOKENS = ['', 'live-token', null];

describe('customer_facet_counts', () => {
  it('stays equal to the customers after inserts, updates of every kind, deletes and a rollback', async () => {
    expect(await kept()).toEqual(await recomputed());
    const random = rng(7);
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
    const roles = () => JSON.stringify(ROLES.filter(() => random() < 0.35));
    for (let round = 0; round < 6; round++) {
      // A statement of many rows, as an import or the seed writes them.
      const values = Array.from(
        { length: 40 },
        (_, i) =>
          sql`(${`facet_${round}_${i}`}, ${pick(STATUSES)}, ${pick(KYC)}, ${roles()}, 'kyc', ${pick(TIERS)}, ${pick(TOKENS)})`,
      );
      await t.db.execute(sql`
        INSERT INTO customers (user_name, status, user_ky, roles, kyc_type, customer_type, token_hash)
        VALUES ${sql.join(values, sql`, `)}`);
      await t.db.execute(sql`
        UPDATE customers SET status = ${pick(STATUSES)}
         WHERE user_name LIKE ${`facet_${round}_%`} AND id % 3 = 0`);
      await t.db.execute(sql`
        UPDATE customers SET user_ky = ${pick(KYC)}, roles = ${roles()}
         WHERE id = (SELECT min(id) FROM customers WHERE user_name LIKE ${`facet_${round}_%`})`);
      // A customer's tier moves, and a sign-in or sign-out makes them active or not.
      await t.db.execute(sql`
        UPDATE customers SET customer_type = ${pick(TIERS)}, token_hash = ${pick(TOKENS)}
         WHERE user_name LIKE ${`facet_${round}_%`} AND id % 4 = 1`);
      // A change of a field no filter reads nets to nothing.
      await t.db.execute(sql`UPDATE customers SET alias_name = 'renamed' WHERE user_name LIKE 'facet_%'`);
      await t.db.execute(sql`
        DELETE FROM customers WHERE user_name LIKE ${`facet_${round}_%`} AND id % 5 = 0`);
      expect(await kept()).toEqual(await recomputed());
    }
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE customers SET status = 'suspended' WHERE user_name LIKE 'facet_%'`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await kept()).toEqual(await recomputed());
  });

  it('gives the customer list its exact total for select filters, and none for a combination nobody has', async () => {
    const count = async (query: string) => {
      const res = await t.app.inject({ url: `/api/customers/count-users?${query}`, headers: admin });
      expect(res.statusCode).toBe(200);
      return res.json().total as { value: number; exact: boolean };
    };
    const counted = async (filters: Record<string, string>) => {
      const result = await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM customers WHERE ${customerWhere(filters)}`,
      );
      return result.rows[0]!.n;
    };
    const cases: Record<string, string>[] = [
      {},
      { status: 'active' },
      { kyc_status: 'APPROVED' },
      { role: 'TRADER' },
      { status: 'suspended', kyc_status: 'rejected', role: 'vip' },
      { status: 'active', role: 'p2p_seller' },
      { status: 'closed' },
      { role: 'astronaut' },
    ];
    for (const filters of cases) {
      const total = await count(new URLSearchParams(filters).toString());
      expect(total, JSON.stringify(filters)).toEqual({ value: await counted(filters), exact: true });
    }
    // A combination nobody has answers no rows, with a search beside it too.
    const none = new URLSearchParams({ status: 'closed', search: 'a' }).toString();
    expect(await count(none)).toEqual({ value: 0, exact: true });
    const page = await t.app.inject({ url: `/api/customers/get-users?${none}`, headers: admin });
    expect(page.json().users).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { currentVersions } from './fraud-engine.ts';
import { probeRules } from './probe.ts';
import { candidatesQuery } from './rule-sql.ts';
import { after, newCustomer, walletTx } from './test-fixtures.ts';

const t = useTestApp();

/** The rules the evaluator trips once the withdrawal is written: what the probe must have said. */
async function evaluatorHits(id: number, customerId: number): Promise<string[]> {
  const versions = await currentVersions(t.db);
  const hits: string[] = [];
  for (const code of ['withdrawal_velocity', 'withdrawal_after_deposit', 'new_address_withdrawal'] as const) {
    const query = candidatesQuery(code, versions.get(code)!.params, {
      kind: 'events',
      wallet: [id],
      login: [],
      p2p: [],
      customer: [],
    });
    const { rows } = await t.db.execute<{ customer_id: number }>(query!);
    if (rows.some((r) => Number(r.customer_id) === customerId)) hits.push(code);
  }
  return hits;
}

describe('rules on an event not written yet (probe)', () => {
  it('trips exactly the rules the evaluator trips once the withdrawal is written', async () => {
    const now = new Date();
    const scenarios = [
      // Four withdrawals in the hour: the fifth is one too many (velocity, 5 in 60 min).
      {
        earlier: [1, 2, 3, 4].map((m) => ({
          type: 'withdrawal' as const,
          at: after(now, -m),
          amount: '10',
          to: 'T-old',
        })),
        amount: '10',
        to: 'T-old',
      },
      // A deposit ten minutes before, then 90 % of it out (after deposit, 80 % within 30 min).
      {
        earlier: [{ type: 'deposit' as const, at: after(now, -10), amount: '1000' }],
        amount: '900',
        to: 'T-old',
      },
      // A first withdrawal of 60,000 TRY to an address never used (new address, from 50,000 TRY).
      { earlier: [], amount: '60000', to: 'T-new' },
      // Nothing unusual.
      {
        earlier: [{ type: 'withdrawal' as const, at: after(now, -600), amount: '10', to: 'T-old' }],
        amount: '10',
        to: 'T-old',
      },
    ];
    const seen: string[][] = [];
    for (const s of scenarios) {
      const customer = await newCustomer(t.db, 'probe');
      await walletTx(t.db, customer.id, s.earlier);
      const probe = {
        customerId: customer.id,
        asset: 'TRY',
        network: 'ETH',
        amount: s.amount,
        toAddress: s.to,
        fromAddress: null,
        at: now,
      };
      const probed = (await probeRules(t.db, { withdrawal: probe }, customer.id)).map((h) => h.rule).sort();
      const [id] = await walletTx(t.db, customer.id, [
        { type: 'withdrawal', at: now, amount: s.amount, to: s.to, status: 'pending' },
      ]);
      expect(probed).toEqual((await evaluatorHits(id!, customer.id)).sort());
      seen.push(probed);
    }
    expect(seen).toEqual([
      ['withdrawal_velocity'],
      ['withdrawal_after_deposit'],
      ['new_address_withdrawal'],
      [],
    ]);
  });

  it('skips a rule that is off', async () => {
    await t.db.execute(
      sql`UPDATE fraud_rule_versions SET enabled = false WHERE rule_code = 'new_address_withdrawal'`,
    );
    const customer = await newCustomer(t.db, 'probe');
    const probe = {
      customerId: customer.id,
      asset: 'TRY',
      network: 'ETH',
      amount: '60000',
      toAddress: 'T-x',
      fromAddress: null,
      at: new Date(),
    };
    expect(await probeRules(t.db, { withdrawal: probe }, customer.id)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTravelRuleRetention } from './travel-rule-retention.ts';

const t = useTestApp();
const DAY = 86_400_000;

const PARTY = {
  originatorPersons: [
    {
      naturalPerson: {
        name: { nameIdentifier: [{ primaryIdentifier: 'Demir', nameIdentifierType: 'LEGL' }] },
      },
    },
  ],
};

/** A record opened `age` ago (years and days before the clock's now) in `state`. */
async function recordAged(
  jurisdiction: 'TR' | 'EU',
  state: string,
  age: { years: number; days: number },
): Promise<number> {
  const customer = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`ret_${randomUUID().slice(0, 8)}`}) RETURNING id`,
  );
  const tx = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
    VALUES (${customer.rows[0]!.id}, 'withdrawal', 'BTC', 'BTC', '1', 'bc1qretention', 'completed')
    RETURNING id`);
  const opened = new Date(t.clock.now());
  opened.setUTCFullYear(opened.getUTCFullYear() - age.years);
  const at = new Date(opened.getTime() + age.days * DAY);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO travel_rule_records (transaction_id, direction, state, jurisdiction, currency, wallet_kind,
      originator, beneficiary, created_at)
    VALUES (${tx.rows[0]!.id}, 'withdrawal', ${state}, ${jurisdiction}, ${jurisdiction === 'TR' ? 'TRY' : 'EUR'},
      'unknown', ${JSON.stringify(PARTY)}::jsonb, ${JSON.stringify(PARTY)}::jsonb, ${at.toISOString()})
    RETURNING id`);
  return Number(rows[0]!.id);
}

const stateOf = async (id: number) =>
  (
    await t.db.execute<{ originator: unknown; anonymised: boolean }>(
      sql`SELECT originator, anonymised_at IS NOT NULL AS anonymised FROM travel_rule_records WHERE id = ${id}`,
    )
  ).rows[0];

describe('travel-rule retention', () => {
  it("anonymises finished records past their jurisdiction's retention; one day younger survives", async () => {
    const trOld = await recordAged('TR', 'complete', { years: 8, days: -1 });
    const trYounger = await recordAged('TR', 'complete', { years: 8, days: 1 });
    const euOld = await recordAged('EU', 'rejected', { years: 5, days: -1 });
    const euYounger = await recordAged('EU', 'returned', { years: 5, days: 1 });
    const openOld = await recordAged('TR', 'information_missing', { years: 9, days: 0 });

    const retention = createTravelRuleRetention({ db: t.db, clock: t.clock });
    expect(await retention.run()).toBeGreaterThanOrEqual(2);

    expect(await stateOf(trOld)).toEqual({ originator: null, anonymised: true });
    expect(await stateOf(euOld)).toEqual({ originator: null, anonymised: true });
    for (const kept of [trYounger, euYounger, openOld])
      expect(await stateOf(kept)).toEqual({ originator: PARTY, anonymised: false });

    const { rows } = await t.db.execute<{
      action: string;
      member_id: number | null;
      customer_id: number;
    }>(sql`
      SELECT action, member_id, customer_id FROM audit_log
      WHERE entity = 'travel_rule_record' AND entity_id = ${String(trOld)}`);
    expect(rows).toEqual([{ action: 'anonymise', member_id: null, customer_id: expect.any(Number) }]);
    // A second run finds nothing new to do.
    await retention.run();
    const again = await t.db.execute(
      sql`SELECT 1 FROM audit_log WHERE entity = 'travel_rule_record' AND entity_id = ${String(trOld)}`,
    );
    expect(again.rows).toHaveLength(1);
  });

  it('follows a retention changed in the rules', async () => {
    const stored = await t.db.execute<{ value: Record<string, { retention_years: number }> }>(
      sql`SELECT value FROM app_settings WHERE key = 'travel_rule.rules'`,
    );
    expect(stored.rows).toEqual([]);
    const sixYears = await recordAged('EU', 'complete', { years: 6, days: 0 });
    // EU kept for 7 years: a record of six is now within its retention.
    await t.db.execute(sql`
      INSERT INTO app_settings (key, value) VALUES ('travel_rule.rules', '{"EU": {"retention_years": 7}}'::jsonb)`);
    await createTravelRuleRetention({ db: t.db, clock: t.clock }).run();
    expect((await stateOf(sixYears))?.anonymised).toBe(false);
    await t.db.execute(sql`DELETE FROM app_settings WHERE key = 'travel_rule.rules'`);
  });

  it('the database refuses anonymising or deleting a record within its retention, whoever asks', async () => {
    const young = await recordAged('TR', 'complete', { years: 7, days: 300 });
    await expect(
      t.db.execute(sql`UPDATE travel_rule_records SET anonymised_at = now() WHERE id = ${young}`),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    await expect(
      t.db.execute(sql`DELETE FROM travel_rule_records WHERE id = ${young}`),
    ).rejects.toMatchObject({
      cause: { code: '23514' },
    });
    expect(await stateOf(young)).toEqual({ originator: PARTY, anonymised: false });
  });
});

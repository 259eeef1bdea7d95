import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { ingestBatch } from '../../platform/ingest/ingest-core.ts';
import { customersIngest } from './customers.ingest.ts';
import { createCustomersRepository } from './customers.repository.ts';

const t = useTestApp();
const source = () => ({ integrationId: null, receivedAt: new Date() });

const customer = (over: Record<string, unknown> = {}) => {
  const id = randomUUID().slice(0, 8);
  return {
    externalId: `cus_x_${id}`,
    version: 1,
    userName: `ingest_${id}`,
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: `ayse.${id}@example.com`,
    status: 'active',
    kycType: 'kyc',
    ...over,
  };
};

const row = async (externalId: string) =>
  (
    await t.db.execute<{
      id: number;
      alias_email: string;
      status: string;
      external_version: number;
      pending_echo: unknown;
      version: number;
    }>(sql`SELECT id, alias_email, status, external_version, pending_echo, version FROM customers
            WHERE external_id = ${externalId}`)
  ).rows[0];

const openConflicts = async (customerId: number) =>
  (
    await t.db.execute<{ staff_values: unknown; incoming_values: unknown }>(sql`
      SELECT staff_values, incoming_values FROM customer_ingest_conflicts
       WHERE customer_id = ${customerId} AND resolved_at IS NULL`)
  ).rows;

describe('customers ingestion', () => {
  it('creates, updates by a newer version, and leaves a stale one without effect', async () => {
    const c = customer();
    const created = await ingestBatch(t.db, customersIngest, [c], source());
    expect(created.results[0]).toMatchObject({ status: 'applied', externalId: c.externalId });
    await ingestBatch(t.db, customersIngest, [{ ...c, version: 3, status: 'suspended' }], source());
    const stale = await ingestBatch(
      t.db,
      customersIngest,
      [{ ...c, version: 2, status: 'inactive' }],
      source(),
    );
    expect(stale.results[0]!.status).toBe('stale');
    expect(await row(c.externalId)).toMatchObject({ status: 'suspended', external_version: 3, version: 2 });
  });

  it('refuses a taken user name for that item only', async () => {
    const first = customer();
    await ingestBatch(t.db, customersIngest, [first], source());
    const clash = customer({ userName: first.userName });
    const fine = customer();
    const answer = await ingestBatch(t.db, customersIngest, [clash, fine], source());
    expect(answer.results.map((r) => [r.status, r.code])).toEqual([
      ['refused', 'INGEST_DUPLICATE_KEY'],
      ['applied', undefined],
    ]);
    expect(await row(clash.externalId)).toBeUndefined();
    expect(await row(fine.externalId)).toBeDefined();
  });

  it('refuses an upsert that would undo a staff edit awaiting its echo, and takes the echo', async () => {
    const c = customer();
    await ingestBatch(t.db, customersIngest, [c], source());
    const stored = (await row(c.externalId))!;
    // A member changes the email in Backdesk (what the customers service writes).
    await t.db.transaction((tx) =>
      createCustomersRepository().update(tx, Number(stored.id), { alias_email: 'staff.edit@example.com' }),
    );
    expect((await row(c.externalId))!.pending_echo).toEqual({ alias_email: 'staff.edit@example.com' });

    // The exchange's next version, sent before it applied the edit, still holds the old email.
    const before = await ingestBatch(
      t.db,
      customersIngest,
      [{ ...c, version: 2, status: 'inactive' }],
      source(),
    );
    expect(before.results[0]).toMatchObject({ status: 'refused', code: 'STAFF_EDIT_PENDING' });
    expect(await row(c.externalId)).toMatchObject({
      alias_email: 'staff.edit@example.com',
      status: 'active',
    });
    expect(await openConflicts(Number(stored.id))).toEqual([
      { staff_values: { alias_email: 'staff.edit@example.com' }, incoming_values: { alias_email: c.email } },
    ]);

    // The echo: the exchange applied the edit and sends it back with a higher version.
    const echo = await ingestBatch(
      t.db,
      customersIngest,
      [{ ...c, version: 3, email: 'staff.edit@example.com', status: 'inactive' }],
      source(),
    );
    expect(echo.results[0]!.status).toBe('applied');
    expect(await row(c.externalId)).toMatchObject({ status: 'inactive', pending_echo: null });
    expect(await openConflicts(Number(stored.id))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { customerCreateDate } from './customers.ts';
import { customerLoginEventsTable, SIGN_INS_PER_CUSTOMER } from './fraud.ts';
import { planSeed } from './plan.ts';
import { rowsBetween } from './tables.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const MINUTE_MS = 60_000;

type SignIn = [number, string, string, string, string | null, string, string | null];

function signIns(customers: number, seed = 5): SignIn[] {
  const plan = planSeed({ customers, seed, now: NOW });
  const table = customerLoginEventsTable;
  return [...rowsBetween(table.rowAt(plan), 0, table.size(plan))] as SignIn[];
}

describe('seeded sign-ins', () => {
  const rows = signIns(1_000);

  it('is the same for the same seed and different for another', () => {
    expect(signIns(300)).toEqual(signIns(300));
    expect(signIns(300, 6)).not.toEqual(signIns(300));
  });

  it('gives every customer an ordinary history between sign-up and now', () => {
    const plan = planSeed({ customers: 1_000, seed: 5, now: NOW });
    const ordinary = rows.slice(0, 1_000 * SIGN_INS_PER_CUSTOMER);
    for (const [customerId, at, , , , outcome, reason] of ordinary) {
      const t = Date.parse(at);
      expect(t).toBeGreaterThanOrEqual(customerCreateDate(plan.seed, plan.timeline, customerId));
      expect(t).toBeLessThanOrEqual(NOW.getTime());
      expect(reason === null).toBe(outcome === 'success');
    }
    expect(new Set(ordinary.map((r) => r[0])).size).toBe(1_000);
    const failures = ordinary.filter((r) => r[5] === 'failure').length / ordinary.length;
    expect(failures).toBeGreaterThan(0.02);
    expect(failures).toBeLessThan(0.1);
  });

  it('has bursts of at least six failures within fifteen minutes, some in the last day', () => {
    const byCustomer = new Map<number, number[]>();
    for (const [customerId, at, , , , outcome] of rows)
      if (outcome === 'failure')
        byCustomer.set(customerId, [...(byCustomer.get(customerId) ?? []), Date.parse(at)]);
    const bursts = [...byCustomer.values()]
      .map((times) => times.sort((a, b) => a - b))
      .filter((times) =>
        times.some((t, i) => (times[i + 5] ?? Number.POSITIVE_INFINITY) - t <= 15 * MINUTE_MS),
      );
    expect(bursts.length).toBeGreaterThanOrEqual(10);
    expect(bursts.some((times) => times.at(-1)! > NOW.getTime() - 86_400_000)).toBe(true);
  });

  it('links a few customers through a shared device and address', () => {
    const customersByDevice = new Map<string, Set<number>>();
    for (const [customerId, , , device] of rows)
      customersByDevice.set(device, (customersByDevice.get(device) ?? new Set()).add(customerId));
    const shared = [...customersByDevice.values()].filter((ids) => ids.size > 1);
    expect(shared.length).toBeGreaterThanOrEqual(3);
    // Only the rings share: an ordinary device is one customer's.
    expect(shared.length).toBeLessThan(50);
  });

  it('keeps the pattern rows bounded on a large data set', () => {
    const plan = planSeed({ customers: 1_000_000, now: NOW });
    expect(customerLoginEventsTable.size(plan) - 1_000_000 * SIGN_INS_PER_CUSTOMER).toBeLessThan(10_000);
  });
});

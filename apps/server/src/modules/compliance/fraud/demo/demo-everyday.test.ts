import { contractNameOf, Decimal } from '@backdesk/contract/rules';
import { describe, expect, it } from 'vitest';
import { RAILS } from '../../../../db/seed/assets.ts';
import { transactionLimits } from '../../../../db/seed/reference-data.ts';
import { Timeline } from '../../../../db/seed/timeline.ts';
import { everyday } from './demo-activity.ts';

// The demo's everyday withdrawals name no platform wallet, so the limit the selection rule picks for
// them is one of their contract's rows without a wallet (or a generic row when the contract has none).
// Each must allow the smallest everyday amount, or ordinary withdrawals are blocked below the minimum.
describe('the demo’s everyday withdrawals', () => {
  const limits = [...transactionLimits(1, new Timeline(Date.parse('2030-01-01T00:00:00Z'), 100))].filter(
    (l) => l.limitType === 'withdrawal' && l.walletAddress === null && l.walletName === null,
  );
  it.each(RAILS.map((r) => [`${r.asset} on ${r.network}`, r] as const))(
    '%s start above its limits’ minimum',
    (_, rail) => {
      const contract = contractNameOf(rail.asset, rail.network);
      const own = limits.filter((l) => l.contractName === contract);
      const applicable = own.length > 0 ? own : limits.filter((l) => l.contractName === null);
      expect(applicable.length).toBeGreaterThan(0);
      const smallest = new Decimal(everyday(rail.amount).min);
      for (const limit of applicable) {
        if (limit.minAmount !== null)
          expect(smallest.gte(limit.minAmount), `${contract} ≥ ${limit.minAmount}`).toBe(true);
      }
    },
  );
});

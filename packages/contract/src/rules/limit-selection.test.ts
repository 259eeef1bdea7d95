import { describe, expect, it } from 'vitest';
import { type SelectableLimit, selectLimit } from './limit-selection.ts';

const limit = (lid: number, fields: Partial<SelectableLimit> = {}): SelectableLimit => ({
  lid,
  limit_type: 'withdrawal',
  contract_name: null,
  wallet_address: null,
  wallet_name: null,
  ...fields,
});
const lookup = {
  limit_type: 'withdrawal',
  contract_name: 'BTC',
  wallet_address: 'bc1hot',
  wallet_name: 'Hot wallet',
};

describe('selectLimit (R14)', () => {
  it('only considers limits of the requested limit_type', () => {
    const { winner, candidates } = selectLimit(
      [limit(1, { limit_type: 'deposit', contract_name: 'BTC' }), limit(2)],
      lookup,
    );
    expect(winner?.lid).toBe(2);
    expect(candidates.map((c) => c.limit.lid)).toEqual([2]);
  });

  it('has no winner when no limit has the type', () => {
    expect(selectLimit([limit(1, { limit_type: 'p2p' })], lookup)).toEqual({ winner: null, candidates: [] });
  });

  it.each([
    ['contract_name', { contract_name: 'BTC' }, 1],
    ['wallet_address', { wallet_address: 'bc1hot' }, 1],
    ['wallet_name', { wallet_name: 'Hot wallet' }, 1],
    ['contract and address', { contract_name: 'BTC', wallet_address: 'bc1hot' }, 2],
    ['contract and name', { contract_name: 'BTC', wallet_name: 'Hot wallet' }, 2],
    ['address and name', { wallet_address: 'bc1hot', wallet_name: 'Hot wallet' }, 2],
    ['all three', { contract_name: 'BTC', wallet_address: 'bc1hot', wallet_name: 'Hot wallet' }, 3],
    ['nothing (wildcard)', {}, 0],
    ['a different contract', { contract_name: 'ETH' }, 0],
  ] as const)('scores +1 per match: %s → %i', (_, fields, score) => {
    const { candidates } = selectLimit([limit(7, fields)], lookup);
    expect(candidates[0]!.score).toBe(score);
  });

  it('a mismatching field scores nothing but does not exclude the limit', () => {
    const { winner, candidates } = selectLimit(
      [limit(1, { contract_name: 'BTC', wallet_address: 'other' }), limit(2)],
      lookup,
    );
    expect(winner?.lid).toBe(1);
    expect(candidates.map((c) => [c.limit.lid, c.score])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it('the highest score wins even against a higher lid', () => {
    const { winner } = selectLimit(
      [limit(1, { contract_name: 'BTC', wallet_name: 'Hot wallet' }), limit(9, { contract_name: 'BTC' })],
      lookup,
    );
    expect(winner?.lid).toBe(1);
  });

  it('ties go to the highest lid, whatever the order given', () => {
    const tied = [
      limit(3, { contract_name: 'BTC' }),
      limit(12, { wallet_name: 'Hot wallet' }),
      limit(8, { wallet_address: 'bc1hot' }),
    ];
    expect(selectLimit(tied, lookup).winner?.lid).toBe(12);
    expect(selectLimit([...tied].reverse(), lookup).winner?.lid).toBe(12);
  });

  it('ties at zero go to the highest lid too', () => {
    expect(selectLimit([limit(4), limit(5), limit(2)], { limit_type: 'withdrawal' }).winner?.lid).toBe(5);
  });

  it('empty or missing inputs match nothing, also a limit with an empty field', () => {
    const { candidates } = selectLimit(
      [limit(1, { contract_name: '' }), limit(2, { contract_name: 'BTC' })],
      {
        limit_type: 'withdrawal',
        contract_name: '',
      },
    );
    expect(candidates.every((c) => c.score === 0)).toBe(true);
  });

  it('reports which fields matched, best first', () => {
    const { candidates } = selectLimit(
      [limit(1), limit(2, { contract_name: 'BTC', wallet_name: 'x' })],
      lookup,
    );
    expect(candidates[0]).toMatchObject({
      score: 1,
      matches: { contract_name: true, wallet_address: false, wallet_name: false },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { limitsOf } from './limits-api.ts';

describe('limitsOf (docs/product-rules.md R25)', () => {
  it('keeps the limits of a success response and empties the list otherwise', () => {
    const limit = { lid: 1 };
    expect(limitsOf({ success: true, limits: [limit] })).toEqual([limit]);
    expect(limitsOf({ success: false, limits: [limit] })).toEqual([]);
    expect(limitsOf({ limits: [limit] })).toEqual([]);
    expect(limitsOf({ success: true, limits: 'x' })).toEqual([]);
    expect(limitsOf([limit])).toEqual([]);
    expect(limitsOf(null)).toEqual([]);
  });
});

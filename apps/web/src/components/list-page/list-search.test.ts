import { describe, expect, it } from 'vitest';
import { listSearch } from './list-search.ts';

describe('listSearch', () => {
  const validate = listSearch({
    sortKeys: ['created_at', 'amount'],
    sort: 'created_at',
    dir: 'desc',
    filters: { status: ['pending', 'completed'], customer: 'text' },
  });

  it('keeps known values and falls back to the defaults', () => {
    expect(validate({ sort: 'amount', dir: 'asc', status: 'pending', customer: 'ada', limit: '25' })).toEqual(
      {
        sort: 'amount',
        dir: 'asc',
        status: 'pending',
        customer: 'ada',
        limit: 25,
      },
    );
    expect(validate({ sort: 'password', dir: 'sideways' })).toMatchObject({
      sort: 'created_at',
      dir: 'desc',
    });
  });

  it('blanks what does not pass, so the raw URL value the router merges under it never shows', () => {
    const out = validate({
      status: 'deleted',
      limit: '5000',
      customer: '',
      foo: 'bar',
      cursor: 'x'.repeat(2000),
    });
    expect(out).toEqual({ sort: 'created_at', dir: 'desc', cursor: 'x'.repeat(1024) });
    for (const key of ['status', 'limit', 'customer', 'foo']) {
      expect(key in out).toBe(true);
      expect(out[key as keyof typeof out]).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isOtherBuild } from './build-freshness.ts';

describe('isOtherBuild', () => {
  it('compares the announced id with the running one', () => {
    expect(isOtherBuild('a', { id: 'b', timestamp: 1 })).toBe(true);
    expect(isOtherBuild('a', { id: 'a', timestamp: 1 })).toBe(false);
  });

  it('ignores a malformed answer rather than reloading for nothing', () => {
    expect(isOtherBuild('a', null)).toBe(false);
    expect(isOtherBuild('a', { id: '' })).toBe(false);
    expect(isOtherBuild('a', '<html>')).toBe(false);
  });
});

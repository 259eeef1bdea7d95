import { describe, expect, it } from 'vitest';
import { fittedSize } from './view-transform.ts';

describe('fittedSize', () => {
  it('fits a landscape image into the stage by its wider side', () => {
    expect(fittedSize({ width: 2000, height: 1000 }, { width: 800, height: 600 }, 0, 1)).toEqual({
      width: 800,
      height: 400,
      scale: 0.4,
    });
  });

  it('swaps the sides of a quarter-turned image before fitting it', () => {
    expect(fittedSize({ width: 2000, height: 1000 }, { width: 800, height: 600 }, 90, 1)).toEqual({
      width: 300,
      height: 600,
      scale: 0.3,
    });
  });

  it('zooms beyond the fit, and answers nothing for an unmeasured stage', () => {
    expect(fittedSize({ width: 100, height: 100 }, { width: 200, height: 400 }, 180, 2).width).toBe(400);
    expect(fittedSize({ width: 100, height: 100 }, { width: 0, height: 0 }, 0, 1).scale).toBe(0);
  });
});

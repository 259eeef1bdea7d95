import { describe, expect, it } from 'vitest';
import { signIn, useE2E } from './support.ts';

/**
 * The screening rule has no threshold of its own (screening's setting is the only one): the rules
 * page and its editor say where it is set and link there.
 */
describe('the screening rule on the rules page', () => {
  const e2e = useE2E();

  it('points to the Screening page for its threshold instead of keeping a second one', async () => {
    const { page } = await e2e.open({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'admin');
    await page.goto('/compliance/fraud-check/rules');
    const row = page.locator('[data-rule="screening_hit"]');
    const note = row.getByTestId('screening-threshold-note');
    await expect.poll(() => note.textContent()).toBe('Match threshold: set on the Screening page');

    await row.getByTestId('rule-edit').click();
    const form = page.getByTestId('rule-form');
    await form.getByTestId('screening-threshold-note').waitFor();
    expect(await form.locator('[data-testid^="param-"]').count()).toBe(0);
    await page.keyboard.press('Escape');

    await note.getByRole('link', { name: 'Screening page' }).click();
    await page.waitForURL((url) => url.pathname === '/compliance/fraud-check/screening');
  });
});

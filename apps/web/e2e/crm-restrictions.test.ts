import { describe, expect, it } from 'vitest';
import { signIn, toasts, useE2E } from './support.ts';

describe('CRM restrictions', () => {
  const e2e = useE2E();

  it('adds a restriction on the customer page and lifts it with a reason', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await page.goto('/crm/customers/5');
    await page.getByTestId('customer-profile').waitFor();
    await page.getByRole('button', { name: 'Add restriction' }).click();
    const form = page.getByTestId('add-restriction-form');
    await form.locator('textarea[name="reason"]').fill('E2E manual withdrawal review');
    await form.getByRole('button', { name: 'Add restriction' }).click();
    await toasts(page).getByText('Restriction added').first().waitFor();

    await page.getByTestId('tab-restrictions').click();
    const row = page.locator('tr', { hasText: 'E2E manual withdrawal review' });
    await row.getByTestId('restriction-state').getByText('Active').waitFor();
    await row.getByTestId('lift-restriction').click();
    const lift = page.getByTestId('lift-restriction-form');
    await lift.locator('textarea[name="liftReason"]').fill('Documents received');
    await lift.getByRole('button', { name: 'Lift' }).click();
    await row.getByTestId('restriction-state').getByText('Lifted').waitFor();

    await page.getByTestId('tab-history').click();
    // The customer's trail shows the restriction's own row, translated, with its fields before → after.
    const lifted = page.getByTestId('audit-history').getByText('Restriction · Lifted', { exact: true });
    await lifted.first().waitFor();
    await page
      .getByTestId('audit-history')
      .locator('tr[data-field="lift_reason"]', { hasText: 'Documents received' })
      .first()
      .waitFor();
  });

  it('filters the restrictions list by state and shows expired ones as such', async () => {
    const { page } = await e2e.open();
    await signIn(page, 'manager');
    await page.goto('/crm/customers/restrictions?state=expired');
    await page.getByRole('heading', { level: 1, name: 'Customer Restrictions' }).waitFor();
    await page.waitForLoadState('networkidle');
    const states = await page
      .getByTestId('restrictions-list')
      .getByTestId('restriction-state')
      .allTextContents();
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['Expired']));
  });
});

import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '../../server/test/eventually.ts';
import { toasts } from './support.ts';

/** Runs SQL as the database owner (fixtures the engine would otherwise raise, and checks of what it stored). */
export async function dbRows<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Polls the database until the engine (woken by NOTIFY) has raised the customer's alert of a rule. */
export async function raisedAlert(
  url: string,
  customerId: number | string,
  ruleCode: string,
  timeoutMs: number,
): Promise<number> {
  return eventually(
    async () => {
      const [row] = await dbRows<{ id: string }>(
        url,
        `SELECT id FROM fraud_alerts WHERE customer_id = $1 AND rule_code = $2`,
        [customerId, ruleCode],
      );
      if (!row) throw new Error(`the engine raised no ${ruleCode} alert within ${timeoutMs / 1000} s`);
      return Number(row.id);
    },
    { timeoutMs, everyMs: 100 },
  );
}

/** In the open alert drawer, the manager takes the alert and starts investigating it. */
export async function takeAndInvestigate(drawer: Locator): Promise<void> {
  await drawer.getByTestId('assign-me').click();
  await drawer.getByTestId('alert-assignee').getByText('Zeynep Çelik').waitFor();
  await drawer.getByTestId('move-investigating').click();
  await drawer.locator('[data-testid="alert-status"][data-status="investigating"]').waitFor();
}

/** Restricts the alert's customer from its drawer, with a reason, and waits for the confirmation. */
export async function restrictFromAlert(page: Page, drawer: Locator, reason: string, userName: string) {
  await drawer.getByTestId('restrict-customer').click();
  const restrict = page.getByTestId('restrict-customer-form');
  await restrict.getByTestId('restrict-reason').fill(reason);
  await restrict.getByRole('button', { name: 'Restrict' }).click();
  await toasts(page).getByText(`${userName} is restricted.`).first().waitFor();
}

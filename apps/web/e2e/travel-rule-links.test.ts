import { randomUUID } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  evmAddressOfSecret,
  personalSign,
} from '../../server/src/modules/compliance/travel-rule/evm-signature.ts';
import { openRun, RUNS, type Run, signInRun } from './runs.ts';
import { axeProblems, settle, toasts, useE2E } from './support.ts';
import { untranslated } from './untranslated.ts';

/** Axe-clean and, on a Turkish screen, nothing English or a raw key. */
async function checkScreen(page: Page, run: Run): Promise<void> {
  await settle(page);
  expect(await axeProblems(page)).toEqual([]);
  if (run.lang === 'tr') expect(await untranslated(page)).toEqual([]);
}

/** Runs statements on the test server's database. */
async function onDatabase<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('travel rule: self-hosted wallets and TRP links', () => {
  const e2e = useE2E();

  RUNS.forEach((run, index) => {
    it(`lists self-hosted wallets, a missing proof first, and a manager records one with its evidence (${run.lang}, ${run.scheme})`, async () => {
      const { t } = run;
      const { page } = await openRun(e2e, run);
      await signInRun(page, run, 'manager');
      await page.goto('/compliance/travel-rule');
      await page.getByTestId('travel-rule-tab-selfHosted').click();
      await page.getByRole('heading', { level: 1, name: t('common:pages.selfHostedWallets') }).waitFor();
      const list = page.getByTestId('self-hosted-list');
      const first = list.locator('tbody tr[data-row-index]').first();
      await first.waitFor();
      expect(await first.getByTestId('self-hosted-proof').getAttribute('data-proof')).toBe('missing');
      await first.getByText(t('travelRule:selfHosted.proof.missing')).waitFor();
      // The customer's name links to the customer's page; a manager adds no wallet (configure).
      expect(await first.getByRole('link').getAttribute('href')).toMatch(/^\/crm\/customers\/\d+$/);
      expect(await page.getByTestId('self-hosted-new').count()).toBe(0);
      await checkScreen(page, run);

      // A wallet of this run on Ethereum, whose key the test holds, with a deposit from it.
      const owner = keccak_256(utf8ToBytes(`e2e self-hosted ${randomUUID()}`));
      const address = evmAddressOfSecret(owner);
      const walletId = await onDatabase(e2e.server.databaseUrl, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO vasp_addresses (network, address, self_hosted, customer_id)
           VALUES ('ETHEREUM', $1, true, (SELECT min(id) FROM customers)) RETURNING id`,
          [address],
        );
        return String(rows[0]!.id);
      });
      await page.goto(`/compliance/travel-rule/self-hosted?q=${encodeURIComponent(address)}`);
      await page.getByTestId(`self-hosted-record-${walletId}`).click();
      const form = page.getByTestId('self-hosted-proof-form');

      // A test transfer Backdesk has no deposit of is refused at its field, in the member's language.
      await page.getByTestId('self-hosted-proof-method').click();
      await page.getByRole('option', { name: t('travelRule:addresses.proofs.test_transfer') }).click();
      await page.getByTestId('self-hosted-proof-tx-hash').fill(`0x${'ab'.repeat(32)}`);
      await page.getByTestId('self-hosted-proof-submit').click();
      await form
        .getByText(t('errors:codes.PROOF_TEST_TRANSFER_NOT_FOUND', { network: 'ETHEREUM' }))
        .waitFor();
      await checkScreen(page, run);

      // A message signed by another key is refused at the signature; the wallet's own key proves it.
      await page.getByTestId('self-hosted-proof-method').click();
      await page.getByRole('option', { name: t('travelRule:addresses.proofs.signed_message') }).click();
      const message = `I own ${address}. Challenge ${randomUUID()}`;
      await page.getByTestId('self-hosted-proof-message').fill(message);
      const stranger = keccak_256(utf8ToBytes(`e2e stranger ${randomUUID()}`));
      await page.getByTestId('self-hosted-proof-signature').fill(personalSign(message, stranger));
      await page.getByTestId('self-hosted-proof-submit').click();
      await form
        .getByText(t('errors:codes.PROOF_SIGNER_MISMATCH', { signer: evmAddressOfSecret(stranger) }))
        .waitFor();
      await checkScreen(page, run);
      await page.getByTestId('self-hosted-proof-signature').fill(personalSign(message, owner));
      await page.getByTestId('self-hosted-proof-submit').click();
      await toasts(page).getByText(t('travelRule:selfHosted.recorded')).first().waitFor();

      // The row shows the method and that Backdesk verified it; the missing ones no longer hold it.
      await page.goto(`/compliance/travel-rule/self-hosted?proof=recorded&q=${encodeURIComponent(address)}`);
      const recorded = list.locator(`tr[data-wallet-id="${walletId}"]`);
      await recorded.getByText(t('travelRule:addresses.proofs.signed_message')).waitFor();
      expect(await recorded.getByTestId('self-hosted-proof').getAttribute('data-proof')).toBe('recorded');
      await recorded.getByText(t('travelRule:selfHosted.evidence.backdesk')).waitFor();
      await checkScreen(page, run);
      await page.goto('/compliance/travel-rule/self-hosted?proof=missing');
      await list.locator('tbody tr[data-row-index]').first().waitFor();
      expect(await list.locator(`tr[data-wallet-id="${walletId}"]`).count()).toBe(0);

      // Its history names the proof recorded, in the member's language.
      await page.goto(`/compliance/travel-rule/self-hosted?q=${encodeURIComponent(address)}`);
      await page.getByTestId(`history-wallet-${walletId}`).click();
      await page
        .getByTestId('audit-history')
        .getByTestId('audit-action')
        .getByText(t('audit:actions.record_proof'), { exact: true })
        .first()
        .waitFor();
      await checkScreen(page, run);
    });

    it(`links a VASP over TRP: its URL, a token shown once then only its prefix, rotated and revoked (${run.lang}, ${run.scheme})`, async () => {
      const { t } = run;
      const { page } = await openRun(e2e, run);
      await signInRun(page, run, 'admin');
      await page.goto('/compliance/travel-rule/vasps');
      const row = page.getByTestId('vasps-list').locator('tbody tr[data-row-index]').nth(index);
      await row.waitFor();
      const vaspId = await row.getAttribute('data-vasp-id');
      await page.getByTestId(`vasp-trp-${vaspId}`).click();
      const panel = page.getByTestId('vasp-trp');
      await panel.waitFor();

      // A URL that is not one is refused on the field; then the URL and the VASP's token for us.
      await panel.getByLabel(t('travelRule:trp.url')).fill('trp.example.com');
      await page.getByTestId('trp-save').click();
      await panel.getByText(t('errors:issues.url'), { exact: false }).waitFor();
      await checkScreen(page, run);
      await panel.getByLabel(t('travelRule:trp.url')).fill(`https://trp${index}.example.com/trp/v1`);
      await panel.getByLabel(t('travelRule:trp.outbound')).fill('their-token-for-us-0000001');
      await page.getByTestId('trp-save').click();
      await toasts(page).getByText(t('travelRule:trp.saved')).first().waitFor();
      await panel.getByText(t('travelRule:trp.outboundStored')).waitFor();

      // Issue our token: shown once, with a copy button; the panel then shows only its prefix.
      await page.getByTestId('trp-issue').click();
      const shown = page.getByTestId('trp-token');
      await shown.waitFor();
      const token = (await shown.innerText()).trim();
      expect(token).toMatch(/^bdtrp_[A-Za-z0-9_-]{43}$/);
      await page.getByTestId('trp-token-copy').waitFor();
      await checkScreen(page, run);
      await page.getByTestId('trp-token-done').click();
      await expect
        .poll(() => panel.getByTestId('trp-inbound-prefix').innerText())
        .toBe(`${token.slice(0, 12)}…`);
      expect(await panel.getByTestId('trp-state').getAttribute('data-state')).toBe('linked');
      await panel.getByText(t('travelRule:trp.states.linked')).waitFor();
      expect(await panel.innerText()).not.toContain(token);
      await checkScreen(page, run);

      // Rotate: a new token; revoke: none, and the link is partial.
      await page.getByTestId('trp-issue').click();
      const rotated = (await shown.innerText()).trim();
      expect(rotated).not.toBe(token);
      await page.getByTestId('trp-token-done').click();
      await expect
        .poll(() => panel.getByTestId('trp-inbound-prefix').innerText())
        .toBe(`${rotated.slice(0, 12)}…`);
      await page.getByTestId('trp-revoke').click();
      await page.getByTestId('confirm-dialog').getByText(t('travelRule:trp.revokeHint')).waitFor();
      await checkScreen(page, run);
      await page.getByTestId('confirm-action').click();
      await toasts(page).getByText(t('travelRule:trp.revoked')).first().waitFor();
      await panel.getByTestId('trp-inbound-none').getByText(t('travelRule:trp.inboundNone')).waitFor();
      expect(await panel.getByTestId('trp-state').getAttribute('data-state')).toBe('partial');
      expect(await page.getByTestId('trp-revoke').count()).toBe(0);
    });
  });
});

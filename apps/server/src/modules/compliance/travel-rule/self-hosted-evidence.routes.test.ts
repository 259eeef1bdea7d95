import { randomUUID } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { evmAddressOfSecret, personalSign } from './evm-signature.ts';

/**
 * A self-hosted proof's evidence (decision 0026, "Self-hosted proofs: the evidence kept and
 * checked"): on an EVM network Backdesk recovers the signer of the message; a test transfer must be
 * the customer's own deposit from the wallet; the evidence is kept on the wallet and in the audit row.
 */
const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const post = (url: string, payload: unknown, headers = manager) =>
  t.app.inject({
    method: 'POST',
    url: `/api/compliance/travel-rule/${url}`,
    payload: payload as never,
    headers,
  });

/** A key of this test, derived from a word, and its address. */
const keyOf = (word: string) => {
  const secret = keccak_256(utf8ToBytes(`self-hosted-evidence-test ${word} ${randomUUID()}`));
  return { secret, address: evmAddressOfSecret(secret) };
};

async function customer(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`ev_${randomUUID().slice(0, 8)}`}) RETURNING id::int`,
  );
  return rows[0]!.id;
}

async function wallet(customerId: number, network: string, address: string) {
  const res = await post(
    'vasps/addresses/add',
    { vasp_id: null, self_hosted: true, network, address, customer_id: customerId },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().address as { id: number; version: number; address: string };
}

const hash = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;

async function transfer(
  customerId: number,
  w: { type?: string; from: string; hash: string; status?: string; network?: string },
): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, from_address, tx_hash, status)
    VALUES (${customerId}, ${w.type ?? 'deposit'}, 'ETH', ${w.network ?? 'ETHEREUM'}, '0.001', ${w.from},
      ${w.hash}, ${w.status ?? 'completed'}) RETURNING id::int`);
  return rows[0]!.id;
}

describe('self-hosted proof evidence', () => {
  it('verifies an EVM signature, keeps it and audits it; refuses another key and a stale version', async () => {
    const owner = keyOf('owner');
    const id = await customer();
    // The wallet as a block explorer prints it (EIP-55 capitals): the signer compares case-insensitively.
    const w = await wallet(id, 'ethereum', `0x${owner.address.slice(2).toUpperCase()}`);
    const message = `Backdesk proof of ownership of ${owner.address} by customer ${id}. Challenge: ${randomUUID()}`;

    const other = keyOf('other');
    const forged = await post('self-hosted/proof', {
      id: w.id,
      version: 1,
      proof_method: 'signed_message',
      message,
      signature: personalSign(message, other.secret),
    });
    expect([forged.statusCode, forged.json().code, forged.json().params]).toEqual([
      409,
      'PROOF_SIGNER_MISMATCH',
      { signer: other.address },
    ]);
    expect(forged.json().issues[0]).toMatchObject({ path: 'signature' });

    const signature = personalSign(message, owner.secret);
    const done = await post('self-hosted/proof', {
      id: w.id,
      version: 1,
      proof_method: 'signed_message',
      message,
      signature,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().wallet).toMatchObject({
      proof_method: 'signed_message',
      proof_message: message,
      proof_signature: signature,
      proof_tx_hash: null,
      proof_verified_by: 'backdesk',
      version: 2,
    });

    const stale = await post('self-hosted/proof', {
      id: w.id,
      version: 1,
      proof_method: 'signed_message',
      message,
      signature,
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);

    const audit = await t.db.execute<{ before: Record<string, unknown>; after: Record<string, unknown> }>(sql`
      SELECT before, after FROM audit_log
      WHERE entity = 'vasp_address' AND entity_id = ${String(w.id)} AND action = 'record_proof'`);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.before).toMatchObject({ proof_method: null, proof_signature: null });
    expect(audit.rows[0]!.after).toMatchObject({
      proof_method: 'signed_message',
      proof_message: message,
      proof_signature: signature,
      proof_verified_by: 'backdesk',
      proof_checked_by: expect.any(String),
      proof_checked_at: expect.any(String),
    });
  });

  it('refuses malformed evidence field by field, and a message that does not name the wallet', async () => {
    const owner = keyOf('malformed');
    const w = await wallet(await customer(), 'ERC20', owner.address);
    const base = { id: w.id, version: 1, proof_method: 'signed_message' };
    const message = `I own ${owner.address}`;

    const cases: [unknown, string, string][] = [
      [{ ...base, message, signature: `0x${'zz!'.repeat(40)}` }, 'signature', 'invalid_format'],
      [
        { ...base, message: `I own ${owner.address}\u0000`, signature: `0x${'ab'.repeat(65)}` },
        'message',
        '',
      ],
      [{ ...base, message: '   ', signature: `0x${'ab'.repeat(65)}` }, 'message', 'too_small'],
      [{ ...base, message, signature: null }, 'signature', 'custom'],
      [{ ...base, message, signature: `0x${'ab'.repeat(65)}`, tx_hash: hash() }, 'tx_hash', 'custom'],
      [{ ...base, message: 'x'.repeat(2001), signature: `0x${'ab'.repeat(65)}` }, 'message', 'too_big'],
    ];
    for (const [body, path, code] of cases) {
      const res = await post('self-hosted/proof', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues[0], res.body).toMatchObject({ path, ...(code ? { code } : {}) });
    }

    // Well-formed text, but not an EVM signature (base64, or v outside 27/28): refused at the field.
    for (const signature of ['SGVsbG8gd29ybGQgc2lnbmF0dXJl', `0x${'ab'.repeat(64)}1d`]) {
      const res = await post('self-hosted/proof', { ...base, message, signature });
      expect([res.statusCode, res.json().code, res.json().issues?.[0]?.path]).toEqual([
        400,
        'PROOF_SIGNATURE_MALFORMED',
        'signature',
      ]);
    }
    const elsewhere = await post('self-hosted/proof', {
      ...base,
      message: 'I own my wallet',
      signature: personalSign('I own my wallet', owner.secret),
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([400, 'PROOF_MESSAGE_WITHOUT_ADDRESS']);
    // Nothing of the refusals was recorded.
    const { rows } = await t.db.execute<{ version: number; proof_method: string | null }>(
      sql`SELECT version, proof_method FROM vasp_addresses WHERE id = ${w.id}`,
    );
    expect(rows[0]).toEqual({ version: 1, proof_method: null });
  });

  it("accepts a test transfer only as this customer's deposit from this wallet, not failed", async () => {
    const owner = keyOf('transfer');
    const id = await customer();
    const someoneElse = await customer();
    const w = await wallet(id, 'ETHEREUM', owner.address);
    const prove = (txHash: string) =>
      post('self-hosted/proof', { id: w.id, version: 1, proof_method: 'test_transfer', tx_hash: txHash });

    const notOurs = hash();
    await transfer(someoneElse, { from: owner.address, hash: notOurs });
    const fromElsewhere = hash();
    await transfer(id, { from: keyOf('elsewhere').address, hash: fromElsewhere });
    const failed = hash();
    await transfer(id, { from: owner.address, hash: failed, status: 'failed' });
    const outgoing = hash();
    await transfer(id, { type: 'withdrawal', from: owner.address, hash: outgoing });
    const otherNetwork = hash();
    await transfer(id, { from: owner.address, hash: otherNetwork, network: 'BEP20' });
    for (const refused of [notOurs, fromElsewhere, failed, outgoing, otherNetwork, hash()]) {
      const res = await prove(refused);
      expect([res.statusCode, res.json().code, res.json().issues?.[0]?.path]).toEqual([
        409,
        'PROOF_TEST_TRANSFER_NOT_FOUND',
        'tx_hash',
      ]);
    }
    expect((await prove('0xnot-a-hash')).json().issues[0]).toMatchObject({ path: 'tx_hash' });

    const good = hash();
    const deposit = await transfer(id, { from: owner.address.toUpperCase().replace('0X', '0x'), hash: good });
    // Pasted in capitals, it is the same transfer.
    const done = await prove(good.toUpperCase().replace('0X', '0x'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().wallet).toMatchObject({
      proof_method: 'test_transfer',
      proof_tx_hash: good.toUpperCase().replace('0X', '0x'),
      proof_transaction_id: deposit,
      proof_message: null,
      proof_verified_by: 'backdesk',
    });
    const audit = await t.db.execute<{ after: Record<string, unknown> }>(sql`
      SELECT after FROM audit_log WHERE entity = 'vasp_address' AND entity_id = ${String(w.id)} AND action = 'record_proof'`);
    expect(audit.rows[0]!.after).toMatchObject({
      proof_tx_hash: expect.any(String),
      proof_transaction_id: deposit,
    });
  });

  it('refuses a proof given with a new wallet: it goes with its evidence, on its own endpoint', async () => {
    const res = await post(
      'vasps/addresses/add',
      {
        vasp_id: null,
        self_hosted: true,
        network: 'BTC',
        address: `bc1q${randomUUID().slice(0, 12)}`,
        customer_id: await customer(),
        proof_method: 'signed_message',
      },
      admin,
    );
    expect(res.json().issues[0]).toMatchObject({
      path: 'proof_method',
      params: { rule: 'proof_with_evidence' },
    });
  });
});

import { randomUUID } from 'node:crypto';
import { enrichTrade } from '@backdesk/contract/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const admin = t.session('admin');

const get = (url: string) => t.app.inject({ url, headers: admin }).then((r) => r.json());
const post = (url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...admin, ...(key ? { 'idempotency-key': key } : {}) },
  });

describe('spec endpoints', () => {
  it('answer success and users, bounded', async () => {
    const trades = await get('/api/transactions/get-pending-trades');
    expect(trades.success).toBe(true);
    expect(trades.users.length).toBeGreaterThan(0);
    expect(trades.users.length).toBeLessThanOrEqual(1000);
    expect(trades.users.every((u: { status: string }) => u.status === 'pending')).toBe(true);
    const offers = (
      await t.app.inject({ method: 'POST', url: '/api/transactions/all-p2p', headers: admin })
    ).json();
    expect(offers.success).toBe(true);
    expect(offers.users[0]).toHaveProperty('seller_user_name');
    expect(offers.users[0]).toHaveProperty('status');
  });
});

describe('enriched trades page', () => {
  it("joins each trade with its offer's fields, or the defaults when it has none, with exact totals", async () => {
    const [withOffer, orphan] = [randomUUID(), randomUUID()];
    const offer = {
      trade_market_guid: withOffer,
      seller_user_name: 'enrich-seller',
      selling_contract_name: 'USDT-TRC20',
      selling_account_address: 'T9xEnrich',
      unit_price: '35.12',
      rank_seller: 4,
      seller_message: 'Fast release',
    };
    await t.db.execute(sql`INSERT INTO p2p_offers (trade_market_guid, seller_user_name, selling_contract_name,
        selling_account_address, unit_price, rank_seller, seller_message)
      VALUES (${withOffer}, ${offer.seller_user_name}, ${offer.selling_contract_name},
        ${offer.selling_account_address}, ${offer.unit_price}, ${offer.rank_seller}, ${offer.seller_message})`);
    // Newest of all, so both lead the first page in descending order.
    await t.db.execute(sql`INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, created_at)
      VALUES (${withOffer}, 'enrich-buyer', '1500.25', 'pending', now() + interval '2 hours'),
             (${orphan}, 'orphan-buyer', '12.5', 'pending', now() + interval '1 hour')`);
    // The buyer is a customer (the row links to their page); no customer has the seller's name.
    const buyer = await t.db.execute<{ id: number }>(sql`
      INSERT INTO customers (user_name, alias_name) VALUES ('enrich-buyer', 'Enrich') RETURNING id::int`);
    const page = await get('/api/transactions/p2p/trades?limit=50&dir=desc');
    expect(page.items).toHaveLength(50);
    const [first, second] = page.items;
    // The SQL join answers what the contract's reference enrichment (enrichTrade) computes.
    expect(first).toEqual({
      id: expect.any(Number),
      status: 'pending',
      created_at: expect.any(String),
      dispute_reason: null,
      version: 1,
      buyer_customer_id: buyer.rows[0]!.id,
      seller_customer_id: null,
      ...enrichTrade(
        { trade_market_guid: withOffer, trade_amount: '1500.25', buyer_user_name: 'enrich-buyer' },
        offer,
      ),
    });
    expect(first.total_price).toBe('52688.78');
    expect(second).toMatchObject(
      enrichTrade(
        { trade_market_guid: orphan, trade_amount: '12.5', buyer_user_name: 'orphan-buyer' },
        undefined,
      ),
    );
  });

  it('filters by seller prefix (Turkish-folded), contract, status and amount range, and pages on', async () => {
    const first = await get('/api/transactions/p2p/trades?limit=5');
    const seller = first.items[0].seller_user_name as string;
    const bySeller = await get(
      `/api/transactions/p2p/trades?seller=${encodeURIComponent(seller.slice(0, 4).toUpperCase())}`,
    );
    expect(bySeller.items.length).toBeGreaterThan(0);
    expect(
      bySeller.items.every((i: { seller_user_name: string }) =>
        i.seller_user_name.startsWith(seller.slice(0, 4)),
      ),
    ).toBe(true);

    const ranged = await get(
      '/api/transactions/p2p/trades?contract=BTC&minAmount=0.01&maxAmount=0.5&sort=trade_amount',
    );
    for (const i of ranged.items) {
      expect(i.selling_contract_name).toBe('BTC');
      expect(Number(i.trade_amount)).toBeGreaterThanOrEqual(0.01);
      expect(Number(i.trade_amount)).toBeLessThanOrEqual(0.5);
    }
    const disputed = await get('/api/transactions/p2p/trades?status=disputed');
    expect(disputed.items.every((i: { status: string }) => i.status === 'disputed')).toBe(true);

    const next = await get(`/api/transactions/p2p/trades?limit=5&cursor=${first.nextCursor}`);
    expect(next.items[0].id).not.toBe(first.items[0].id);
    const back = await get(`/api/transactions/p2p/trades?limit=5&cursor=${next.prevCursor}`);
    expect(back.items.map((i: { id: number }) => i.id)).toEqual(first.items.map((i: { id: number }) => i.id));
  });

  it('pages an amount range by date as SQL orders it, whether its trades are many or few', async () => {
    const filter = 'contract=USDT-TRC20&minAmount=10&maxAmount=2000&dir=desc';
    const expected = (
      await t.db.execute<{ id: string }>(sql`
        SELECT id FROM p2p_trades WHERE status = 'pending' AND offer_contract_name = 'USDT-TRC20'
          AND trade_amount BETWEEN 10 AND 2000 ORDER BY created_at DESC, id DESC`)
    ).rows.map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(3);
    // A page of 3 fills from the first rows by date; one of 200 finds the range's few through its index.
    for (const limit of [3, 200]) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: { id: number }[]; nextCursor: string | null } = await get(
          `/api/transactions/p2p/trades?${filter}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
  });

  it('pages a seller prefix across its sellers by date and by amount, as SQL orders it', async () => {
    const sellers = await t.db.execute<{ prefix: string }>(sql`
      SELECT left(offer_seller_user_name, 2) AS prefix FROM p2p_trades
       WHERE status = 'pending' AND offer_seller_user_name IS NOT NULL
       GROUP BY 1 ORDER BY count(DISTINCT offer_seller_user_name) DESC, 1 LIMIT 1`);
    const prefix = sellers.rows[0]!.prefix;
    for (const [sort, column] of [
      ['created_at', sql`created_at`],
      ['trade_amount', sql`trade_amount`],
    ] as const) {
      const expected = (
        await t.db.execute<{ id: string }>(sql`
          SELECT id FROM p2p_trades WHERE status = 'pending'
            AND public.bd_fold(offer_seller_user_name) LIKE public.bd_fold(${`${prefix}%`})
          ORDER BY ${column} DESC, id DESC`)
      ).rows.map((r) => Number(r.id));
      expect(expected.length).toBeGreaterThan(3);
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: { id: number }[]; nextCursor: string | null; total?: unknown } = await get(
          `/api/transactions/p2p/trades?seller=${encodeURIComponent(prefix)}&sort=${sort}&dir=desc&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.total).toBeUndefined();
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
      const { total } = await get(`/api/transactions/p2p/trades/count?seller=${encodeURIComponent(prefix)}`);
      expect(total).toEqual({ value: expected.length, exact: true });
    }
  });

  it('counts apart what the page filters, and answers a range nobody traded in with nothing', async () => {
    const counted = async (where: ReturnType<typeof sql>) =>
      (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM p2p_trades WHERE ${where}`))
        .rows[0]!.n;
    expect((await get('/api/transactions/p2p/trades/count')).total).toEqual({
      value: await counted(sql`status = 'pending'`),
      exact: true,
    });
    expect((await get('/api/transactions/p2p/trades/count?status=disputed&contract=btc')).total).toEqual({
      value: await counted(sql`status = 'disputed' AND offer_contract_name = 'BTC'`),
      exact: true,
    });
    const none = 'contract=BTC&minAmount=1000000';
    expect((await get(`/api/transactions/p2p/trades?${none}`)).items).toEqual([]);
    expect((await get(`/api/transactions/p2p/trades/count?${none}`)).total).toEqual({
      value: 0,
      exact: true,
    });
    const bad = await t.app.inject({
      url: '/api/transactions/p2p/trades/count?minAmount=-1',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("filters on the offer's contract and seller as they are now: an offer added, changed or removed later", async () => {
    const guid = randomUUID();
    await t.db.execute(sql`INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, created_at)
      VALUES (${guid}, 'late-offer-buyer', '3', 'pending', now() + interval '2 hours')`);
    const find = async (filter: string) =>
      (await get(`/api/transactions/p2p/trades?limit=5&dir=desc&${filter}`)).items.some(
        (i: { buyer_user_name: string }) => i.buyer_user_name === 'late-offer-buyer',
      );
    expect(await find('contract=ZZZ-TEST')).toBe(false);
    // The offer appears after its trade.
    await t.db.execute(sql`INSERT INTO p2p_offers (trade_market_guid, seller_user_name, selling_contract_name, unit_price)
      VALUES (${guid}, 'Şahin_late', 'ZZZ-TEST', '2')`);
    expect(await find('contract=zzz-test')).toBe(true);
    expect(await find('seller=şahin_l')).toBe(true);
    await t.db.execute(
      sql`UPDATE p2p_offers SET selling_contract_name = 'YYY-TEST' WHERE trade_market_guid = ${guid}`,
    );
    expect(await find('contract=ZZZ-TEST')).toBe(false);
    expect(await find('contract=YYY-TEST')).toBe(true);
    // A trade written with copies of its own gets its offer's values anyway.
    await t.db.execute(sql`INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status, offer_contract_name)
      VALUES (${guid}, 'late-offer-buyer', '4', 'pending', 'WRONG')`);
    const copies = await t.db.execute<{ c: string | null; s: string | null }>(sql`
      SELECT DISTINCT offer_contract_name AS c, offer_seller_user_name AS s FROM p2p_trades WHERE trade_market_guid = ${guid}`);
    expect(copies.rows).toEqual([{ c: 'YYY-TEST', s: 'Şahin_late' }]);
    await t.db.execute(sql`DELETE FROM p2p_offers WHERE trade_market_guid = ${guid}`);
    expect(await find('contract=YYY-TEST')).toBe(false);
    const page = await get('/api/transactions/p2p/trades?limit=5&dir=desc');
    expect(page.items[0]).toMatchObject({ buyer_user_name: 'late-offer-buyer', seller_user_name: 'Unknown' });
  });

  it('finds the trades of one offer by its guid, and refuses a guid that is not one', async () => {
    const [sample] = (await get('/api/transactions/p2p/trades?limit=1&dir=desc')).items;
    const page = await get(`/api/transactions/p2p/trades?guid=${sample.trade_market_guid}`);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.map((trade: { id: number }) => trade.id)).toContain(sample.id);
    expect(
      page.items.every(
        (trade: { trade_market_guid: string }) => trade.trade_market_guid === sample.trade_market_guid,
      ),
    ).toBe(true);
    expect((await get(`/api/transactions/p2p/trades?guid=${randomUUID()}`)).items).toEqual([]);
    const bad = await t.app.inject({ url: '/api/transactions/p2p/trades?guid=not-a-guid', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a non-numeric or negative amount filter', async () => {
    const res = await t.app.inject({ url: '/api/transactions/p2p/trades?minAmount=abc', headers: admin });
    expect(res.statusCode).toBe(400);
    const neg = await t.app.inject({ url: '/api/transactions/p2p/trades?maxAmount=-5', headers: admin });
    expect(neg.json().issues[0].message).toBe('The amount cannot be negative');
  });
});

describe('actions', () => {
  it('suspends and resumes an offer once per click, refusing a stale version', async () => {
    const offer = (await get('/api/transactions/p2p/offers?status=active&limit=1')).items[0];
    const body = { trade_market_guid: offer.trade_market_guid, version: offer.version };
    const [a, b] = await Promise.all([
      post('/api/transactions/p2p/offers/suspend', body, 'suspend-click-1'),
      post('/api/transactions/p2p/offers/suspend', body, 'suspend-click-1'),
    ]);
    // Same key at once: one suspends, the other gets its answer or is told it is still running.
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok[0]!.json()).toMatchObject({ success: true, version: offer.version + 1 });
    for (const other of [a, b].filter((r) => r.statusCode !== 200))
      expect(other.json().code).toBe('REQUEST_IN_PROGRESS');
    const again = await post('/api/transactions/p2p/offers/suspend', { ...body, version: offer.version + 1 });
    expect(again.json()).toMatchObject({ code: 'INVALID_TRANSITION', params: { status: 'suspended' } });
    const stale = await post('/api/transactions/p2p/offers/resume', body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');
    const resumed = await post('/api/transactions/p2p/offers/resume', {
      ...body,
      version: offer.version + 1,
    });
    expect(resumed.json()).toMatchObject({ success: true, version: offer.version + 2 });
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'p2p_offer' AND entity_id = ${offer.trade_market_guid} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['suspend', 'resume']);
  });

  it('cancels a pending trade once; a retry gets the first answer, a second cancel is refused', async () => {
    const trade = (await get('/api/transactions/p2p/trades?limit=1')).items[0];
    const body = { id: trade.id, version: trade.version, reason: 'Buyer asked to cancel' };
    const first = await post('/api/transactions/p2p/trades/cancel', body, 'cancel-0001');
    const retry = await post('/api/transactions/p2p/trades/cancel', body, 'cancel-0001');
    expect(retry.json()).toEqual(first.json());
    const stale = await post('/api/transactions/p2p/trades/cancel', body, 'cancel-0002');
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'STALE_EDIT' });
    const current = { ...body, version: first.json().version };
    const twice = await post('/api/transactions/p2p/trades/cancel', current, 'cancel-0003');
    expect(twice.json()).toMatchObject({
      statusCode: 409,
      code: 'INVALID_TRANSITION',
      params: { status: 'cancelled' },
    });
    const row = await t.db.execute<{ status: string; resolution: string }>(
      sql`SELECT status, resolution FROM p2p_trades WHERE id = ${trade.id}`,
    );
    expect(row.rows[0]).toEqual({ status: 'cancelled', resolution: 'cancelled' });
    const audit = await t.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'p2p_trade' AND entity_id = ${String(trade.id)}`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'cancel',
        before: { status: 'pending', resolution: null, resolution_reason: null },
        after: { status: 'cancelled', resolution: 'cancelled', resolution_reason: 'Buyer asked to cancel' },
      },
    ]);
  });

  it('settles a dispute with a required reason, release or refund', async () => {
    const [one, two] = (await get('/api/transactions/p2p/trades?status=disputed&limit=2')).items;
    const noReason = await post('/api/transactions/p2p/trades/settle', {
      id: one.id,
      version: one.version,
      outcome: 'release',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    await post('/api/transactions/p2p/trades/settle', {
      id: one.id,
      version: one.version,
      outcome: 'release',
      reason: 'Payment proof checked',
    });
    await post('/api/transactions/p2p/trades/settle', {
      id: two.id,
      version: two.version,
      outcome: 'refund',
      reason: 'No payment received',
    });
    const rows = await t.db.execute<{ status: string; resolution: string }>(
      sql`SELECT status, resolution FROM p2p_trades WHERE id IN (${one.id}, ${two.id}) ORDER BY id = ${one.id} DESC`,
    );
    expect(rows.rows).toEqual([
      { status: 'completed', resolution: 'released' },
      { status: 'cancelled', resolution: 'refunded' },
    ]);
    const audit = await t.db.execute<{ action: string; after: { resolution: string } }>(
      sql`SELECT action, after FROM audit_log WHERE entity = 'p2p_trade' AND entity_id IN (${String(one.id)}, ${String(two.id)})
          ORDER BY entity_id = ${String(one.id)} DESC`,
    );
    expect(audit.rows.map((r) => [r.action, r.after.resolution])).toEqual([
      ['settle', 'released'],
      ['settle', 'refunded'],
    ]);
  });
});

import { savedViewsApi } from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const admin = t.session('admin');
const manager = t.session('manager');

const save = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/saved-views/save', payload: payload as never, headers });
const views = async (headers: Record<string, string>, list: string) =>
  (await t.app.inject({ url: `/api/saved-views?list=${list}`, headers })).json().items as {
    id: number;
    name: string;
    search: Record<string, string>;
  }[];

describe('saved views', () => {
  it("saves, replaces by name and lists only the member's own views of that list", async () => {
    const first = await save(admin, {
      list: 'crm.customers',
      name: 'Active VIPs',
      search: { status: 'active' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().item).toMatchObject({ list: 'crm.customers', name: 'Active VIPs' });
    const again = await save(admin, {
      list: 'crm.customers',
      name: 'Active VIPs',
      search: { status: 'active', role: 'VIP' },
    });
    expect(again.json().item.id).toBe(first.json().item.id);
    await save(admin, { list: 'transactions.wallet', name: 'Other list', search: {} });
    await save(manager, { list: 'crm.customers', name: 'Mine', search: { status: 'inactive' } });

    expect(await views(admin, 'crm.customers')).toEqual([
      expect.objectContaining({ name: 'Active VIPs', search: { status: 'active', role: 'VIP' } }),
    ]);
    expect((await views(manager, 'crm.customers')).map((v) => v.name)).toEqual(['Mine']);
  });

  it("deletes one's own view only; another member's is not found", async () => {
    const [mine] = await views(manager, 'crm.customers');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/saved-views/delete',
      payload: { id: mine!.id },
      headers: admin,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('SAVED_VIEW_NOT_FOUND');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/saved-views/delete',
      payload: { id: mine!.id },
      headers: manager,
    });
    expect(own.json()).toEqual({ success: true });
    expect(await views(manager, 'crm.customers')).toEqual([]);
  });

  it('refuses bad input with 400 and a new name beyond the cap with 409', async () => {
    expect((await save(admin, { list: 'Bad List!', name: 'x', search: {} })).statusCode).toBe(400);
    // Well formed, but no list of the app: a view saved under it could never be shown.
    expect((await save(admin, { list: 'crm.nothing', name: 'x', search: {} })).statusCode).toBe(400);
    const unknown = await t.app.inject({ url: '/api/saved-views?list=crm.nothing', headers: admin });
    expect(unknown.statusCode).toBe(400);
    expect((await save(admin, { list: 'crm.kyc', name: ' ', search: {} })).statusCode).toBe(400);
    expect((await save(admin, { list: 'crm.kyc', name: 'x', search: { 'no-dash': '1' } })).statusCode).toBe(
      400,
    );
    const max = savedViewsApi.MAX_SAVED_VIEWS_PER_LIST;
    for (let i = 0; i < max; i++) await save(admin, { list: 'crm.kyc', name: `View ${i}`, search: {} });
    const over = await save(admin, { list: 'crm.kyc', name: 'One too many', search: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'SAVED_VIEWS_FULL', params: { max } });
    // Replacing an existing name is still allowed at the cap.
    expect(
      (await save(admin, { list: 'crm.kyc', name: 'View 0', search: { kyc_level: '2' } })).statusCode,
    ).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/saved-views?list=crm.customers' })).statusCode).toBe(401);
  });
});

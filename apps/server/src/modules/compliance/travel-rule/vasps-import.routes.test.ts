import { randomUUID } from 'node:crypto';
import { complianceApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const { isValidLei, leiWithCheckDigits } = complianceApi;
const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const importRows = (rows: unknown, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/compliance/travel-rule/vasps/import',
    payload: { rows } as never,
    headers,
  });

/** A fresh, valid LEI of this run. */
const freshLei = () =>
  leiWithCheckDigits(`5493${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`);

const row = (lei: string, extra: Record<string, unknown> = {}) => ({
  name: `Kripto ${lei.slice(4, 10)}`,
  lei,
  jurisdiction: 'TR',
  country: 'TR',
  licence: null,
  protocol: 'trp',
  due_diligence: 'pending',
  review_date: '2027-06-30',
  ...extra,
});

const auditRows = async (leis: string[]) =>
  (
    await t.db.execute<{ action: string; member_id: number | null }>(sql`
      SELECT a.action, a.member_id FROM audit_log a JOIN vasps v ON a.entity = 'vasp' AND a.entity_id = v.id::text
      WHERE v.lei = ANY(${`{${leis.join(',')}}`}::text[]) ORDER BY a.id`)
  ).rows;

describe('VASP directory import', () => {
  it('makes LEIs whose check digits pass ISO 7064 mod 97-10', () => {
    const lei = freshLei();
    expect(isValidLei(lei)).toBe(true);
    expect(isValidLei(`${lei.slice(0, 18)}${(Number(lei.slice(18)) + 1) % 100}`.padEnd(20, '0'))).toBe(false);
  });

  it('creates and updates by LEI, audits each change, and a re-import changes nothing', async () => {
    const [a, b] = [freshLei(), freshLei()];
    const byManager = await importRows([row(a)], manager);
    expect([byManager.statusCode, byManager.json().code]).toEqual([403, 'FORBIDDEN']);

    const first = await importRows([row(a), row(b)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, created: 2, updated: 0, unchanged: 0 });

    const again = await importRows([row(a), row(b)]);
    expect(again.json()).toEqual({ success: true, created: 0, updated: 0, unchanged: 2 });

    const changed = await importRows([row(a, { due_diligence: 'approved' }), row(b)]);
    expect(changed.json()).toEqual({ success: true, created: 0, updated: 1, unchanged: 1 });
    const { rows } = await t.db.execute<{ due_diligence: string; version: number }>(
      sql`SELECT due_diligence, version FROM vasps WHERE lei = ${a}`,
    );
    expect(rows[0]).toEqual({ due_diligence: 'approved', version: 2 });
    expect((await auditRows([a, b])).map((r) => r.action)).toEqual(['create', 'create', 'update']);
    expect((await auditRows([a, b])).every((r) => r.member_id !== null)).toBe(true);
  });

  it('refuses the whole file with an issue per bad row, and changes nothing', async () => {
    const [good, other] = [freshLei(), freshLei()];
    // One more than its check digits (02–98): never ≡ them mod 97, so never valid. ('00' was valid
    // whenever they were 97, one LEI in 97.)
    const bad = `${good.slice(0, 18)}${String(Number(good.slice(18)) + 1).padStart(2, '0')}`;
    expect(isValidLei(bad)).toBe(false);
    const refused = await importRows([
      row(good),
      row(bad),
      row(other, { review_date: '2027-02-30', protocol: 'pigeon' }),
    ]);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const paths = refused.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['rows.1.lei', 'rows.2.review_date', 'rows.2.protocol']));
    expect(paths.some((p: string) => p.startsWith('rows.0'))).toBe(false);
    expect(await auditRows([good, other])).toEqual([]);

    const twice = await importRows([row(good), row(other), row(good, { name: 'Later' })]);
    expect([twice.statusCode, twice.json().code]).toEqual([400, 'VASP_IMPORT_DUPLICATE_LEI']);
    expect(twice.json().issues).toEqual([
      expect.objectContaining({ path: 'rows.2.lei', params: { row: 1 } }),
    ]);
    const { rows } = await t.db.execute(
      sql`SELECT 1 FROM vasps WHERE lei = ANY(${`{${good},${other}}`}::text[])`,
    );
    expect(rows).toEqual([]);
  });

  it('refuses an empty file, too many rows, a row without LEI and a NUL byte, with codes', async () => {
    expect((await importRows([])).json().code).toBe('VALIDATION_FAILED');
    const many = Array.from({ length: 1001 }, () => row(freshLei()));
    expect((await importRows(many)).statusCode).toBe(400);
    const noLei = await importRows([row(freshLei(), { lei: null })]);
    expect(noLei.json().issues[0].path).toBe('rows.0.lei');
    const nul = await importRows([row(freshLei(), { name: 'Bad\u0000Name' })]);
    expect([nul.statusCode, nul.json().code]).toEqual([400, 'INVALID_TEXT']);
  });
});

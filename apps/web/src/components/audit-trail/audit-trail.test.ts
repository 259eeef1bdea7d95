import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@backdesk/contract/audit';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import auditEn from '../../locales/en/audit.json';
import auditTr from '../../locales/tr/audit.json';
import { changeRows, valueText } from './change-text.ts';

const locales = { en: auditEn, tr: auditTr } as const;
let t: TFunction<'audit'>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    fallbackLng: false,
    ns: ['audit'],
    defaultNS: 'audit',
    resources: { en: { audit: auditEn }, tr: { audit: auditTr } },
  });
  t = i18next.getFixedT('en', 'audit') as unknown as TFunction<'audit'>;
});

describe('audit vocabulary', () => {
  it.each(['en', 'tr'] as const)('%s names every entity and action of the contract', (language) => {
    const texts = locales[language];
    const entities: Record<string, string> = texts.entities;
    const actions: Record<string, string> = texts.actions;
    expect(AUDIT_ENTITIES.filter((e) => !entities[e]?.trim())).toEqual([]);
    expect(AUDIT_ACTIONS.filter((a) => !actions[a]?.trim())).toEqual([]);
  });
});

describe('change rows', () => {
  it('shows each changed field before → after, formatted and translated, never as JSON', () => {
    const rows = changeRows(t, 'en-US', {
      before: { status: 'under_review', max_amount: '1234567.5', version: 3 },
      after: { status: 'pending', max_amount: '2000000', version: 4 },
    });
    expect(rows).toEqual([
      { field: 'status', label: 'Status', before: 'Under review', after: 'Pending' },
      { field: 'max_amount', label: 'Maximum per operation', before: '1,234,567.5', after: '2,000,000' },
    ]);
  });

  it('reads a creation (no before) and words values per locale', () => {
    const tr = i18next.getFixedT('tr', 'audit') as unknown as TFunction<'audit'>;
    const [kind, ends, lifted, name] = changeRows(tr, 'tr-TR', {
      before: null,
      after: { kind: 'withdrawal', ends_at: '2026-03-01T09:30:00.000Z', active: true, user_name: 'ayse' },
    });
    expect(kind).toMatchObject({ label: 'Tür', before: '—', after: 'Çekim' });
    expect(ends!.after).toMatch(/2026/);
    expect(ends!.after).toMatch(/Mar/);
    expect(lifted).toMatchObject({ after: 'Evet' });
    expect(name).toMatchObject({ label: 'Kullanıcı adı', after: 'ayse' });
  });

  it('words nested records and lists field by field', () => {
    expect(valueText(t, 'en-US', 'payload', { limit_type: 'withdrawal', max_amount: '5000' })).toBe(
      'Limit type: Withdrawal; Maximum per operation: 5,000',
    );
    expect(valueText(t, 'en-US', 'roles', ['admin', 'super'])).toBe('admin, super');
    expect(valueText(t, 'en-US', 'reason', '')).toBe('—');
  });
});

import { approvalsApi, fraudApi } from '@backdesk/contract';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@backdesk/contract/audit';
import {
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_STATUSES,
  KYC_REASON_CODES,
  KYC_UPLOAD_CHANNELS,
  TRAVEL_RULE_FIELDS,
  TRAVEL_RULE_STATES,
} from '@backdesk/contract/compliance/keys';
import { RESTRICTION_KINDS, RESTRICTION_STATES } from '@backdesk/contract/crm/keys';
import {
  BLOCKLIST_KINDS,
  FRAUD_ALERT_STATUSES,
  FRAUD_CASE_STATUSES,
  FRAUD_OUTCOMES,
  FRAUD_RULE_CODES,
  FRAUD_RUN_KINDS,
  FRAUD_RUN_STATUSES,
  FRAUD_SEVERITIES,
} from '@backdesk/contract/fraud/keys';
import {
  COMMISSION_KINDS,
  DISPUTE_OUTCOMES,
  OFFER_STATUSES,
  TRADE_STATUSES,
  WALLET_TX_STATUSES,
} from '@backdesk/contract/transactions/keys';
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

/**
 * Every closed vocabulary an audited field takes, by field: each value must read as words in both
 * languages (a history never shows "open" or "suspected_forgery").
 */
const AUDITED_VALUES: Record<string, readonly string[]> = {
  status: [
    ...WALLET_TX_STATUSES,
    ...TRADE_STATUSES,
    ...OFFER_STATUSES,
    ...KYC_DOCUMENT_STATUSES,
    ...FRAUD_ALERT_STATUSES,
    ...FRAUD_CASE_STATUSES,
    ...FRAUD_RUN_STATUSES,
    ...approvalsApi.APPROVAL_STATUSES,
    'active',
    'inactive',
    'suspended',
    'disabled',
  ],
  state: [...RESTRICTION_STATES, ...TRAVEL_RULE_STATES],
  missing_fields: TRAVEL_RULE_FIELDS,
  outcome: [...FRAUD_OUTCOMES, ...DISPUTE_OUTCOMES],
  decision: fraudApi.FRAUD_CASE_DECISIONS,
  severity: FRAUD_SEVERITIES,
  rule: FRAUD_RULE_CODES,
  rule_code: FRAUD_RULE_CODES,
  reason_code: KYC_REASON_CODES,
  channel: KYC_UPLOAD_CHANNELS,
  kind: [
    ...RESTRICTION_KINDS,
    ...KYC_DOCUMENT_KINDS,
    ...COMMISSION_KINDS,
    ...BLOCKLIST_KINDS,
    ...FRAUD_RUN_KINDS,
  ],
};

describe('audited values', () => {
  it.each(['en', 'tr'] as const)('%s words every value of every closed vocabulary', (language) => {
    const values = locales[language].values as Record<string, Record<string, string>>;
    const missing = Object.entries(AUDITED_VALUES).flatMap(([field, vocabulary]) =>
      vocabulary.filter((v) => !values[field]?.[v]?.trim()).map((v) => `${field}.${v}`),
    );
    expect(missing).toEqual([]);
  });

  it('names members and writes ids as numbers of records, not quantities', () => {
    const rows = changeRows(t, 'en-US', {
      before: { owner: null, status: 'open', alert_ids: [] },
      after: { owner: { id: 1, display_name: 'Zeynep Çelik' }, status: 'closed', alert_ids: [2067, 12] },
    });
    expect(rows).toEqual([
      { field: 'owner', label: 'Owner', before: '—', after: 'Zeynep Çelik' },
      { field: 'status', label: 'Status', before: 'Open', after: 'Closed' },
      { field: 'alert_ids', label: expect.any(String), before: '—', after: '#2067, #12' },
    ]);
    expect(valueText(t, 'en-US', 'customer_id', 12345)).toBe('#12345');
    expect(valueText(t, 'en-US', 'count', 12345)).toBe('12,345');
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

  it("reads a travel-rule record's creation in Turkish: its fields, state and missing fields worded", () => {
    const tr = i18next.getFixedT('tr', 'audit') as unknown as TFunction<'audit'>;
    const rows = changeRows(tr, 'tr-TR', {
      before: null,
      after: {
        held: true,
        state: 'information_missing',
        missing_fields: ['originator_name', 'counterparty_vasp'],
        originating_vasp: null,
        beneficiary_vasp: null,
      },
    });
    expect(rows.map(({ label, after }) => [label, after])).toEqual([
      ['Bekletiliyor', 'Evet'],
      ['Durum', 'Bilgi eksik'],
      ['Eksik alanlar', 'Gönderenin adı, Karşı VASP'],
      ['Gönderen VASP', '—'],
      ['Alıcı VASP', '—'],
    ]);
  });

  it('words nested records and lists field by field', () => {
    expect(valueText(t, 'en-US', 'payload', { limit_type: 'withdrawal', max_amount: '5000' })).toBe(
      'Limit type: Withdrawal; Maximum per operation: 5,000',
    );
    expect(valueText(t, 'en-US', 'roles', ['admin', 'super'])).toBe('admin, super');
    expect(valueText(t, 'en-US', 'reason', '')).toBe('—');
  });

  it("writes an amount with the asset its record is in, as the record's screen does", () => {
    const limit = changeRows(t, 'en-US', {
      before: { contract_name: 'BTC', max_amount: '1.5' },
      after: { contract_name: 'BTC', max_amount: '2' },
    });
    expect(limit.find((row) => row.field === 'max_amount')).toMatchObject({
      before: '1.5 BTC',
      after: '2 BTC',
    });
    // A percent commission's value is a rate, not an amount of its asset.
    const [value] = changeRows(t, 'en-US', {
      before: null,
      after: { value: '0.25', kind: 'percent', asset: 'TRY' },
    });
    expect(value).toMatchObject({ after: '0.25' });
    const [flat] = changeRows(t, 'en-US', {
      before: null,
      after: { value: '15', kind: 'flat', asset: 'TRY' },
    });
    expect(flat!.after).toBe('15.00 TRY');
    expect(valueText(t, 'en-US', 'payload', { contract_name: 'ETH', min_amount: '0.1' })).toBe(
      'Contract: ETH; Minimum per operation: 0.1 ETH',
    );
  });

  it('labels a range by what it is, not by the one entity that once used the words', () => {
    const tr = i18next.getFixedT('tr', 'audit') as unknown as TFunction<'audit'>;
    const rows = changeRows(tr, 'tr-TR', {
      before: null,
      after: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' },
    });
    expect(rows.map((row) => row.label)).toEqual(['Başlangıç', 'Bitiş']);
    expect(
      changeRows(t, 'en-US', { before: null, after: { from: '2026-11-01T00:00:00.000Z' } })[0]!.label,
    ).toBe('From');
  });
});

import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../../locales/en/common.json';
import transactionsEn from '../../locales/en/transactions.json';
import commonTr from '../../locales/tr/common.json';
import transactionsTr from '../../locales/tr/transactions.json';
import { dismissLabel } from './dismiss-label.ts';

const fixed = (lng: 'en' | 'tr') => i18next.getFixedT(lng, 'common') as unknown as TFunction<'common'>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    fallbackLng: false,
    ns: ['common'],
    resources: { en: { common: commonEn }, tr: { common: commonTr } },
  });
});

describe("a dialog's dismiss button", () => {
  it.each([
    ['en', transactionsEn.p2p.cancel],
    ['tr', transactionsTr.p2p.cancel],
  ] as const)('%s: beside "Cancel trade" it does not say "Cancel" too', (lng, cancelTrade) => {
    const t = fixed(lng);
    const dismiss = dismissLabel(t, cancelTrade);
    expect(dismiss.toLocaleLowerCase()).not.toBe(cancelTrade.toLocaleLowerCase());
    expect(cancelTrade.toLocaleLowerCase()).not.toContain(dismiss.toLocaleLowerCase());
  });

  it('says Cancel beside any other action', () => {
    expect(dismissLabel(fixed('en'), 'Approve')).toBe('Cancel');
    expect(dismissLabel(fixed('en'), 'Cancel trade')).toBe('Go back');
    expect(dismissLabel(fixed('tr'), 'Onayla')).toBe('Vazgeç');
  });
});

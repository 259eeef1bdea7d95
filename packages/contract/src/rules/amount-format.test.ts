import { describe, expect, it } from 'vitest';
import { amountCatalogue, formatAmount } from './amount-format.ts';

const catalogue = amountCatalogue([
  { asset: 'TRY', precision: 2, is_fiat: true },
  { asset: 'BTC', precision: 8, is_fiat: false },
  { asset: 'USDT', precision: 6, is_fiat: false },
  { asset: 'USDT', precision: 6, is_fiat: false },
  { asset: 'ETH', precision: 18, is_fiat: false },
]);
const en = (value: string | null, asset: string | null) => formatAmount('en-US', value, asset, catalogue);
const tr = (value: string | null, asset: string | null) => formatAmount('tr-TR', value, asset, catalogue);

describe('formatAmount', () => {
  it('writes fiat at its precision with the locale grouping and the code after the number', () => {
    expect(en('300000.000000000000000000', 'TRY')).toBe('300,000.00 TRY');
    expect(tr('300000.000000000000000000', 'TRY')).toBe('300.000,00 TRY');
    expect(en('250000', 'TRY')).toBe('250,000.00 TRY');
    expect(tr('1234.5', 'TRY')).toBe('1.234,50 TRY');
  });

  it('cuts crypto at its precision, never rounding up, and trims its trailing zeros', () => {
    expect(en('976.31035414409332', 'USDT-TRC20')).toBe('976.310354 USDT-TRC20');
    expect(tr('976.31035414409332', 'USDT')).toBe('976,310354 USDT');
    expect(en('0.999999999', 'BTC')).toBe('0.99999999 BTC');
    expect(en('0.50000000', 'BTC')).toBe('0.5 BTC');
    expect(en('12.000000', 'USDT')).toBe('12 USDT');
    expect(en('0.003000000000000000', 'ETH')).toBe('0.003 ETH');
    expect(en('0.000000000000000001', 'ETH')).toBe('0.000000000000000001 ETH');
  });

  it('keeps values past a double exact', () => {
    expect(en('123456789012345678.123456789012345678', 'ETH')).toBe(
      '123,456,789,012,345,678.123456789012345678 ETH',
    );
    expect(tr('98765432109876543210.99', 'TRY')).toBe('98.765.432.109.876.543.210,99 TRY');
    // 0.1 + 0.2 is never computed: the digits are the text's.
    expect(en('0.30000000000000004', 'TRY')).toBe('0.30 TRY');
  });

  it('writes negatives and zero, and no "-0" for a value cut to zero', () => {
    expect(en('-1234.5', 'TRY')).toBe('-1,234.50 TRY');
    expect(tr('-0.00012', 'BTC')).toBe('-0,00012 BTC');
    expect(en('0', 'TRY')).toBe('0.00 TRY');
    expect(en('0.000000000', 'BTC')).toBe('0 BTC');
    expect(en('-0.001', 'TRY')).toBe('0.00 TRY');
  });

  it('writes a quote currency the catalogue does not list (the reporting USD) as fiat', () => {
    expect(en('1234567.891', 'USD')).toBe('1,234,567.89 USD');
    expect(tr('12', 'EUR')).toBe('12,00 EUR');
  });

  it('shows an unknown asset exactly, at most 8 places, trailing zeros trimmed', () => {
    expect(en('1234.123456789', 'DOGE')).toBe('1,234.12345678 DOGE');
    expect(tr('1234.500000000000000000', 'DOGE')).toBe('1.234,5 DOGE');
    expect(en('42.10', null)).toBe('42.1');
  });

  it('says what is missing and leaves text that is not a number as it is', () => {
    expect(en(null, 'TRY')).toBe('—');
    expect(en('', 'TRY')).toBe('—');
    expect(en('n/a', 'TRY')).toBe('n/a TRY');
  });

  it('reads the asset of a contract name and the larger precision of an asset on two networks', () => {
    const mixed = amountCatalogue([
      { asset: 'usdc', precision: 6, is_fiat: false },
      { asset: 'USDC', precision: 8, is_fiat: false },
    ]);
    expect(formatAmount('en-US', '1.123456789', 'USDC-ERC20', mixed)).toBe('1.12345678 USDC-ERC20');
  });
});

import { describe, expect, it } from 'vitest';
import { enrichTrade, tradeTotal } from './enrichment.ts';

const trade = { trade_market_guid: 'a1', trade_amount: '1500.25', id: 7, buyer_user_name: 'mehmet' };

describe('enrichTrade (docs/product-rules.md: the enriched trade)', () => {
  it('reads seller "Unknown", unit price 0, the other offer fields null and total 0 without an offer', () => {
    expect(enrichTrade(trade, undefined)).toEqual({
      trade_market_guid: 'a1',
      trade_amount: '1500.25',
      id: 7,
      buyer_user_name: 'mehmet',
      seller_user_name: 'Unknown',
      selling_contract_name: null,
      selling_account_address: null,
      unit_price: '0',
      rank_seller: null,
      seller_message: null,
      total_price: '0',
    });
  });

  it("copies the offer's fields, keeps the trade's own and multiplies exactly", () => {
    const offer = {
      trade_market_guid: 'a1',
      seller_user_name: 'ayse',
      selling_contract_name: 'USDT-TRC20',
      selling_account_address: 'T9x',
      unit_price: '35.12',
      rank_seller: 4,
      seller_message: 'Fast release',
    };
    expect(enrichTrade(trade, offer)).toEqual({
      trade_market_guid: 'a1',
      trade_amount: '1500.25',
      id: 7,
      buyer_user_name: 'mehmet',
      seller_user_name: 'ayse',
      selling_contract_name: 'USDT-TRC20',
      selling_account_address: 'T9x',
      unit_price: '35.12',
      rank_seller: 4,
      seller_message: 'Fast release',
      total_price: '52688.78', // 1500.25 × 35.12
    });
  });
});

describe('tradeTotal', () => {
  it('is exact where a binary float is not', () => {
    expect(tradeTotal('0.1', '3')).toBe('0.3'); // a float gives 0.30000000000000004
    expect(tradeTotal('0.00000001', '3456789.12')).toBe('0.0345678912');
    expect(tradeTotal('35.10', '2')).toBe('70.2');
  });

  it('keeps every digit of two numeric(36,18) values', () => {
    expect(tradeTotal('123456789012345678.123456789012345678', '2')).toBe(
      '246913578024691356.246913578024691356',
    );
    expect(tradeTotal('99999999999999999.999999999999999999', '99999999999999999.999999999999999999')).toBe(
      '9999999999999999999999999999999999.800000000000000000000000000000000001',
    );
  });
});

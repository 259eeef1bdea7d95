import { describe, expect, it } from 'vitest';
import { ENRICHMENT_DEFAULTS, enrichTrade, tradeTotal } from './enrichment.ts';

const trade = { trade_market_guid: 'a1', trade_amount: '1500.25' };

describe('enrichTrade (spec §3)', () => {
  it('uses the defaults when no offer matches: seller Unknown, unit price 0, others null, total 0', () => {
    expect(enrichTrade(trade, undefined)).toEqual({
      ...trade,
      seller_user_name: 'Unknown',
      selling_contract_name: null,
      selling_account_address: null,
      unit_price: '0',
      rank_seller: null,
      seller_message: null,
      total_price: '0',
    });
    expect(ENRICHMENT_DEFAULTS).toEqual({ seller_user_name: 'Unknown', unit_price: '0' });
  });

  it('copies the offer fields and multiplies exactly', () => {
    const offer = {
      trade_market_guid: 'a1',
      seller_user_name: 'ayse',
      selling_contract_name: 'USDT-TRC20',
      selling_account_address: 'T9x',
      unit_price: '35.12',
      rank_seller: 4,
      seller_message: null,
    };
    expect(enrichTrade(trade, offer)).toMatchObject({
      seller_user_name: 'ayse',
      selling_contract_name: 'USDT-TRC20',
      unit_price: '35.12',
      rank_seller: 4,
      total_price: '52688.78',
    });
  });
});

describe('tradeTotal', () => {
  it('is exact where a float is not', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(tradeTotal('0.1', '3')).toBe('0.3');
    expect(tradeTotal('0.00000001', '3456789.12')).toBe('0.0345678912');
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

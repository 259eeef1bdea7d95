import { KYC_REASON_CODES } from '@backdesk/contract/compliance/keys';
import { RESTRICTION_KINDS } from '@backdesk/contract/crm/keys';
import { FRAUD_OUTCOMES, FRAUD_RULE_CODES, LOGIN_FAILURE_REASONS } from '@backdesk/contract/fraud/keys';
import { DEPOSIT_CHANNELS, SOURCE_CHECK_STATUSES } from '@backdesk/contract/reports/keys';
import { TRADE_STATUSES, WALLET_TX_STATUSES, WALLET_TX_TYPES } from '@backdesk/contract/transactions/keys';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/reports.json';
import tr from '../../locales/tr/reports.json';

/**
 * Every closed vocabulary a report's table breaks down by, per dimension: each value is worded in
 * both languages, so a table never shows a key ("suspected_forgery", "bad_password"). Free-text
 * dimensions (officer, member, asset, network, tier) show their data as it is.
 */
const DIMENSION_VALUES: Record<string, readonly string[]> = {
  type: WALLET_TX_TYPES,
  status: [...WALLET_TX_STATUSES, ...TRADE_STATUSES],
  channel: DEPOSIT_CHANNELS,
  source_check: SOURCE_CHECK_STATUSES,
  resolution: ['released', 'refunded', 'cancelled'],
  stage: ['registered', 'submitted', 'approved_level_1', 'approved_level_2', 'approved_level_3'],
  outcome: ['approved', 'rejected', 'resubmit'],
  reason: [...KYC_REASON_CODES, ...LOGIN_FAILURE_REASONS],
  kind: RESTRICTION_KINDS,
  rule: FRAUD_RULE_CODES,
  alert_outcome: FRAUD_OUTCOMES,
};

describe('report values', () => {
  it.each([
    ['en', en],
    ['tr', tr],
  ] as const)('%s words every value of every closed dimension', (_, texts) => {
    const values = texts.values as unknown as Record<string, Record<string, string>>;
    const missing = Object.entries(DIMENSION_VALUES).flatMap(([dimension, vocabulary]) =>
      vocabulary.filter((v) => !values[dimension]?.[v]?.trim()).map((v) => `${dimension}.${v}`),
    );
    expect(missing).toEqual([]);
  });
});

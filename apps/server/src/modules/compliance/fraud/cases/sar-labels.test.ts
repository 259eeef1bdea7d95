import {
  FRAUD_ALERT_STATUSES,
  FRAUD_OUTCOMES,
  FRAUD_RULE_CODES,
  FRAUD_SEVERITIES,
  fraudApi,
} from '@backdesk/contract';
import { BLOCKLIST_KINDS } from '@backdesk/contract/fraud/keys';
import { TRADE_STATUSES, WALLET_TX_STATUSES, WALLET_TX_TYPES } from '@backdesk/contract/transactions/keys';
import { describe, expect, it } from 'vitest';
import { SAR_LABELS, sarWord } from './sar-labels.ts';

/** Every stored value a draft prints, by the labels that word it. */
const VOCABULARIES = {
  rules: FRAUD_RULE_CODES,
  severities: FRAUD_SEVERITIES,
  statuses: FRAUD_ALERT_STATUSES,
  outcomes: FRAUD_OUTCOMES,
  decisions: fraudApi.FRAUD_CASE_DECISIONS,
  txTypes: WALLET_TX_TYPES,
  accountStatuses: ['active', 'inactive', 'suspended'],
  walletStatuses: WALLET_TX_STATUSES,
  tradeStatuses: TRADE_STATUSES,
  blocklistKinds: BLOCKLIST_KINDS,
  linkKinds: fraudApi.FRAUD_LINK_KINDS,
} as const;

describe('SAR draft words', () => {
  it.each(['en', 'tr'] as const)('%s words every value the draft prints', (lang) => {
    const labels = SAR_LABELS[lang];
    const missing = Object.entries(VOCABULARIES).flatMap(([group, values]) =>
      values
        .filter((v) => !(labels[group as keyof typeof VOCABULARIES] as Record<string, string>)[v]?.trim())
        .map((v) => `${group}.${v}`),
    );
    expect(missing).toEqual([]);
  });

  it('writes a Turkish draft in Turkish: no English word for a stored status', () => {
    const tr = SAR_LABELS.tr;
    expect(sarWord(tr.accountStatuses, 'inactive')).toBe('Pasif');
    expect(sarWord(tr.walletStatuses, 'completed')).toBe('Tamamlandı');
    expect(sarWord(tr.tradeStatuses, 'disputed')).toBe('İtirazlı');
    expect(sarWord(tr.accountStatuses, 'closed_elsewhere')).toBe('closed_elsewhere');
  });
});

import type { TravelRuleJurisdiction, TravelRuleRules } from '@backdesk/contract';

/** The app setting holding the rules per jurisdiction (audited like data, read on every use). */
export const TRAVEL_RULE_RULES_KEY = 'travel_rule.rules';

/**
 * The defaults of issue 38 (docs/decisions/0026-travel-rule.md): MASAK's 15,000 TRY with unverified
 * data below it, the EU's 0 EUR with a self-hosted proof from 1,000 EUR, FATF's 1,000 USD and FinCEN's
 * 3,000 USD. Officers change them in the settings; these hold until then.
 */
export const DEFAULT_TRAVEL_RULE_RULES: TravelRuleRules = {
  TR: {
    currency: 'TRY',
    threshold: '15000',
    below_threshold: 'unverified',
    required_fields: [
      'originator_name',
      'originator_account',
      'originator_identifier',
      'beneficiary_name',
      'beneficiary_account',
    ],
    below_threshold_fields: [
      'originator_name',
      'originator_account',
      'beneficiary_name',
      'beneficiary_account',
    ],
    self_hosted_proof_from: null,
    answer_hours: 72,
    retention_years: 8,
  },
  EU: {
    currency: 'EUR',
    threshold: '0',
    below_threshold: 'not_in_scope',
    required_fields: [
      'originator_name',
      'originator_account',
      'originator_address_or_birth',
      'beneficiary_name',
      'beneficiary_account',
    ],
    below_threshold_fields: [],
    self_hosted_proof_from: '1000',
    answer_hours: 72,
    retention_years: 5,
  },
  FATF: {
    currency: 'USD',
    threshold: '1000',
    below_threshold: 'unverified',
    required_fields: [
      'originator_name',
      'originator_account',
      'originator_address_or_birth',
      'beneficiary_name',
      'beneficiary_account',
    ],
    below_threshold_fields: [
      'originator_name',
      'originator_account',
      'beneficiary_name',
      'beneficiary_account',
    ],
    self_hosted_proof_from: null,
    answer_hours: 72,
    retention_years: 5,
  },
  US: {
    currency: 'USD',
    threshold: '3000',
    below_threshold: 'not_in_scope',
    required_fields: [
      'originator_name',
      'originator_account',
      'originator_address_or_birth',
      'beneficiary_name',
      'beneficiary_account',
    ],
    below_threshold_fields: [],
    self_hosted_proof_from: null,
    answer_hours: 72,
    retention_years: 5,
  },
};

export const DEFAULT_HOME_JURISDICTION: TravelRuleJurisdiction = 'TR';

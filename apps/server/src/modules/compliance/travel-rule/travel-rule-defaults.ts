import type { TravelRuleJurisdiction, TravelRuleRules } from '@backdesk/contract';

/** The app setting holding the rules per jurisdiction (audited like data, read on every use). */
export const TRAVEL_RULE_RULES_KEY = 'travel_rule.rules';

type Fields = TravelRuleRules['TR']['required_fields'];
/** Who sends, who receives, and their wallet addresses: what travels below a threshold. */
const NAMES_AND_ACCOUNTS: Fields = [
  'originator_name',
  'originator_account',
  'beneficiary_name',
  'beneficiary_account',
];
/** FATF's, the EU's and FinCEN's: with the sender's address, or date and place of birth. */
const WITH_ADDRESS_OR_BIRTH: Fields = [
  'originator_name',
  'originator_account',
  'originator_address_or_birth',
  'beneficiary_name',
  'beneficiary_account',
];
/** MASAK's: with one identifier of the sender (T.C. identity or passport number). */
const WITH_IDENTIFIER: Fields = [
  'originator_name',
  'originator_account',
  'originator_identifier',
  'beneficiary_name',
  'beneficiary_account',
];

/**
 * The defaults of docs/decisions/0026-travel-rule.md: MASAK's 15,000 TRY with unverified
 * data below it, the EU's 0 EUR with a self-hosted proof from 1,000 EUR, FATF's 1,000 USD and FinCEN's
 * 3,000 USD. Officers change them in the settings; these hold until then.
 */
export const DEFAULT_TRAVEL_RULE_RULES: TravelRuleRules = {
  TR: {
    currency: 'TRY',
    threshold: '15000',
    below_threshold: 'unverified',
    required_fields: WITH_IDENTIFIER,
    below_threshold_fields: NAMES_AND_ACCOUNTS,
    self_hosted_proof_from: null,
    answer_hours: 72,
    retention_years: 8,
  },
  EU: {
    currency: 'EUR',
    threshold: '0',
    below_threshold: 'not_in_scope',
    required_fields: WITH_ADDRESS_OR_BIRTH,
    below_threshold_fields: [],
    self_hosted_proof_from: '1000',
    answer_hours: 72,
    retention_years: 5,
  },
  FATF: {
    currency: 'USD',
    threshold: '1000',
    below_threshold: 'unverified',
    required_fields: WITH_ADDRESS_OR_BIRTH,
    below_threshold_fields: NAMES_AND_ACCOUNTS,
    self_hosted_proof_from: null,
    answer_hours: 72,
    retention_years: 5,
  },
  US: {
    currency: 'USD',
    threshold: '3000',
    below_threshold: 'not_in_scope',
    required_fields: WITH_ADDRESS_OR_BIRTH,
    below_threshold_fields: [],
    self_hosted_proof_from: null,
    answer_hours: 72,
    retention_years: 5,
  },
};

export const DEFAULT_HOME_JURISDICTION: TravelRuleJurisdiction = 'TR';

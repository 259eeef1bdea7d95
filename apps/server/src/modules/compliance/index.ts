// What other areas may use of compliance (test/module-boundaries.test.ts holds them to this entry):
// the fraud check's answers a real-time check asks synchronously.
// Their SQL is exported too, for the withdrawal check's one statement (decision 0025).
export {
  activeMatchesSql,
  createFraudBlocklistRepository,
} from './fraud/blocklist/fraud-blocklist.repository.ts';
export {
  CURRENT_VERSIONS_SQL,
  type CurrentRuleVersion,
  versionsOf,
} from './fraud/engine/fraud-engine.ts';
export {
  type ProbeHit,
  probeHits,
  probeQueries,
  probeRules,
  probesJsonSql,
  type RuleProbe,
  type TradeProbe,
  type WithdrawalProbe,
} from './fraud/engine/probe.ts';
export {
  createScreeningRepository,
  type ScreeningHitRow,
  screeningHitsOf,
  screeningHitsSql,
} from './fraud/screening/screening.repository.ts';
export {
  checkedVasps,
  type TravelRuleCheckFacts,
  travelRuleCheckReasons,
  travelRuleCheckSql,
  travelRuleVaspKeys,
  withdrawalReadsOf,
} from './travel-rule/travel-rule-check.ts';
// The travel rule's part of ingesting a transfer and of the withdrawal check (decision 0026).
export {
  directoryVasps,
  homeJurisdiction,
  recordTransferTravelRules,
  unknownVaspOf,
  vaspRefsOf,
} from './travel-rule/travel-rule-transfer.ts';
export { continueTrpTransfers } from './travel-rule/trp/trp-start.ts';

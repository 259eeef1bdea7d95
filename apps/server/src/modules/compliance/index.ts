// What other areas may use of compliance (test/module-boundaries.test.ts holds them to this entry):
// the fraud check's answers a real-time check asks synchronously.
export { createFraudBlocklistRepository } from './fraud/blocklist/fraud-blocklist.repository.ts';
export { type ProbeHit, probeRules, type TradeProbe, type WithdrawalProbe } from './fraud/engine/probe.ts';
export { createScreeningRepository } from './fraud/screening/screening.repository.ts';

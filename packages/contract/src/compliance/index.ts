export * from './keys.ts';
export * from './kyc.ts';
export * from './overview.ts';
export * from './quarantine.ts';
export * from './rules.ts';
export * from './travel-rule.ts';

// Fraud check (decisions 0016–0021): each part's endpoints in its own file, exported here.

export * from './alerts.ts';
export * from './blocklist.ts';
export * from './cases.ts';
export * from './keys.ts';
export * from './rule-params.ts';
export * from './rules.ts';
export * from './runs.ts';
export * from './screening.ts';

export * from './checks.ts';
export * from './commissions.ts';
export * from './keys.ts';
export * from './limits.ts';
export * from './overview.ts';
export * from './p2p.ts';
export * from './shared.ts';
export * from './wallet.ts';

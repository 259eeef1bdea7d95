// Pure rules shared by the server and the web pages; free of zod so a page can use them cheaply.
export * from './amount-format.ts';
export * from './amounts.ts';
export * from './assets.ts';
export * from './commission-fee.ts';
export * from './commission-issues.ts';
export * from './customer.ts';
export * from './decimal.ts';
export * from './enrichment.ts';
export * from './limit-issues.ts';
export * from './limit-selection.ts';

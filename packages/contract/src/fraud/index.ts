// Fraud check (issue 13): each part's endpoints in its own file, exported here.
export * from './keys.ts';

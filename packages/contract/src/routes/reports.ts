// Generated from reports/index.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const getDepositReportsConfig = {
  name: 'getDepositReportsConfig',
  method: 'GET',
  path: '/api/panel/get-deposit-reports-config',
  access: 'read',
} as const;

export const listReportRates = {
  name: 'listReportRates',
  method: 'GET',
  path: '/api/panel/report-rates',
  access: 'read',
} as const;

export const reportCompliance = {
  name: 'reportCompliance',
  method: 'GET',
  path: '/api/panel/report-compliance',
  access: 'read',
} as const;

export const reportCustomers = {
  name: 'reportCustomers',
  method: 'GET',
  path: '/api/panel/report-customers',
  access: 'read',
} as const;

export const reportDepositCsc = {
  name: 'reportDepositCsc',
  method: 'GET',
  path: '/api/panel/report-deposit-csc',
  access: 'read',
} as const;

export const reportFinancial = {
  name: 'reportFinancial',
  method: 'GET',
  path: '/api/panel/report-financial',
  access: 'read',
} as const;

export const reportFraudSecurity = {
  name: 'reportFraudSecurity',
  method: 'GET',
  path: '/api/panel/report-fraud-security',
  access: 'read',
} as const;

export const reportP2p = {
  name: 'reportP2p',
  method: 'GET',
  path: '/api/panel/report-p2p',
  access: 'read',
} as const;

export const reportTransactions = {
  name: 'reportTransactions',
  method: 'GET',
  path: '/api/panel/report-transactions',
  access: 'read',
} as const;

export const reportTravelRule = {
  name: 'reportTravelRule',
  method: 'GET',
  path: '/api/panel/report-travel-rule',
  access: 'read',
} as const;

export const setReportRate = {
  name: 'setReportRate',
  method: 'POST',
  path: '/api/panel/report-rates',
  access: 'configure',
} as const;

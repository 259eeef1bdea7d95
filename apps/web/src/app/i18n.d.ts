import 'i18next';
import type audit from '../locales/en/audit.json';
import type auth from '../locales/en/auth.json';
import type common from '../locales/en/common.json';
import type crm from '../locales/en/crm.json';
import type dashboard from '../locales/en/dashboard.json';
import type errors from '../locales/en/errors.json';
import type list from '../locales/en/list.json';
import type transactions from '../locales/en/transactions.json';

// English is the reference: a key missing from it is a type error everywhere it is used.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      dashboard: typeof dashboard;
      crm: typeof crm;
      transactions: typeof transactions;
      list: typeof list;
      errors: typeof errors;
      audit: typeof audit;
    };
  }
}

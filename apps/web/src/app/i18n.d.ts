import 'i18next';
import type auth from '../locales/en/auth.json';
import type common from '../locales/en/common.json';
import type crm from '../locales/en/crm.json';
import type dashboard from '../locales/en/dashboard.json';
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
    };
  }
}

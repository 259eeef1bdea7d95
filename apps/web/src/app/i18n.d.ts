import 'i18next';
import type audit from '../locales/en/audit.json';
import type auth from '../locales/en/auth.json';
import type common from '../locales/en/common.json';
import type compliance from '../locales/en/compliance.json';
import type crm from '../locales/en/crm.json';
import type dashboard from '../locales/en/dashboard.json';
import type errors from '../locales/en/errors.json';
import type fraud from '../locales/en/fraud.json';
import type fraudAlerts from '../locales/en/fraudAlerts.json';
import type fraudCases from '../locales/en/fraudCases.json';
import type fraudRules from '../locales/en/fraudRules.json';
import type fraudScreening from '../locales/en/fraudScreening.json';
import type inbox from '../locales/en/inbox.json';
import type list from '../locales/en/list.json';
import type logs from '../locales/en/logs.json';
import type reports from '../locales/en/reports.json';
import type settings from '../locales/en/settings.json';
import type transactions from '../locales/en/transactions.json';
import type travelRule from '../locales/en/travelRule.json';
import type twofa from '../locales/en/twofa.json';

// English is the reference: a key missing from it is a type error everywhere it is used.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      compliance: typeof compliance;
      auth: typeof auth;
      dashboard: typeof dashboard;
      crm: typeof crm;
      transactions: typeof transactions;
      twofa: typeof twofa;
      list: typeof list;
      settings: typeof settings;
      errors: typeof errors;
      inbox: typeof inbox;
      audit: typeof audit;
      logs: typeof logs;
      reports: typeof reports;
      fraud: typeof fraud;
      fraudAlerts: typeof fraudAlerts;
      fraudCases: typeof fraudCases;
      fraudRules: typeof fraudRules;
      fraudScreening: typeof fraudScreening;
      travelRule: typeof travelRule;
    };
  }
}

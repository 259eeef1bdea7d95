// What other areas may use of CRM (test/module-boundaries.test.ts holds them to this entry).
export type { RestrictionsService } from './restrictions/restrictions.service.ts';

// What other areas may use of CRM (test/module-boundaries.test.ts holds them to this entry).

export { type CustomerRef, customerRefs } from './customers/customer-refs.repository.ts';
export type { RestrictionsService } from './restrictions/restrictions.service.ts';

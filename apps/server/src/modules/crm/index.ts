// What other areas may use of CRM (test/module-boundaries.test.ts holds them to this entry).

export { type CustomerRef, customerRefs } from './customers/customer-refs.repository.ts';
export { customersIngest } from './customers/customers.ingest.ts';
export type { RestrictionsService } from './restrictions/restrictions.service.ts';
export { signInsIngest } from './sign-ins/sign-ins.ingest.ts';
export { balancesIngest } from './user-assets/balances.ingest.ts';

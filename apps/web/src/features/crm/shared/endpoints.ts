import { crmRef } from '../../../lib/contract.ts';

/** The CRM endpoints, named without loading the contract (see lib/contract.ts). */
export const crmEndpoints = {
  /**
   * docs/product-rules.md R25: a customers answer is a success flag with a users array, or a bare array. This server
   * sends the first; the client reads both, so the rule lives in the schema that parses the answer.
   */
  getUsers: crmRef(
    (c) => ({
      ...c.getUsers,
      response: c.getUsers.response.or(c.CustomerSchema.array()),
    }),
    'GET',
    '/api/customers/get-users',
    'read',
  ),
  countUsers: crmRef((c) => c.countUsers, 'GET', '/api/customers/count-users', 'read'),
  facets: crmRef((c) => c.getCustomerFacets, 'GET', '/api/customers/facets', 'read'),
  exportCustomers: crmRef((c) => c.exportCustomers, 'GET', '/api/customers/export', 'exportPersonal'),
  getCustomer: crmRef((c) => c.getCustomer, 'GET', '/api/customers/detail', 'read'),
  updateCustomer: crmRef((c) => c.updateCustomer, 'POST', '/api/customers/update', 'operate'),
  createCustomer: crmRef((c) => c.createCustomer, 'POST', '/api/customers/create', 'operate'),
  addNote: crmRef((c) => c.addNote, 'POST', '/api/customers/notes', 'operate'),
  restrictions: crmRef((c) => c.listRestrictions, 'GET', '/api/customers/restrictions', 'read'),
  addRestriction: crmRef((c) => c.addRestriction, 'POST', '/api/customers/restrictions/add', 'operate'),
  liftRestriction: crmRef((c) => c.liftRestriction, 'POST', '/api/customers/restrictions/lift', 'operate'),
  customerTypes: crmRef((c) => c.listCustomerTypes, 'GET', '/api/customer-types', 'read'),
  updateCustomerType: crmRef((c) => c.updateCustomerType, 'POST', '/api/customer-types/update', 'configure'),
  moveCustomers: crmRef((c) => c.moveCustomers, 'POST', '/api/customer-types/move', 'configure'),
  kyc: crmRef((c) => c.listCustomerKyc, 'GET', '/api/customers/kyc', 'read'),
  userAssets: crmRef((c) => c.listUserAssets, 'GET', '/api/user-assets', 'read'),
  assetTotals: crmRef((c) => c.getAssetTotals, 'GET', '/api/user-assets/totals', 'read'),
  exportUserAssets: crmRef((c) => c.exportUserAssets, 'GET', '/api/user-assets/export', 'exportPersonal'),
  overview: crmRef((c) => c.getCrmOverview, 'GET', '/api/crm/overview', 'read'),
};

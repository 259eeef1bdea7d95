import { endpointRef } from '../../../lib/contract.ts';

/** The CRM endpoints, named without loading the contract (see lib/contract.ts). */
export const crmEndpoints = {
  /**
   * docs/product-rules.md R25: a customers answer is a success flag with a users array, or a bare array. This server
   * sends the first; the client reads both, so the rule lives in the schema that parses the answer.
   */
  getUsers: endpointRef(
    (c) => ({
      ...c.crmApi.getUsers,
      response: c.crmApi.getUsers.response.or(c.crmApi.CustomerSchema.array()),
    }),
    'GET',
    '/api/customers/get-users',
    'read',
  ),
  countUsers: endpointRef((c) => c.crmApi.countUsers, 'GET', '/api/customers/count-users', 'read'),
  facets: endpointRef((c) => c.crmApi.getCustomerFacets, 'GET', '/api/customers/facets', 'read'),
  exportCustomers: endpointRef(
    (c) => c.crmApi.exportCustomers,
    'GET',
    '/api/customers/export',
    'exportPersonal',
  ),
  getCustomer: endpointRef((c) => c.crmApi.getCustomer, 'GET', '/api/customers/detail', 'read'),
  updateCustomer: endpointRef((c) => c.crmApi.updateCustomer, 'POST', '/api/customers/update', 'operate'),
  createCustomer: endpointRef((c) => c.crmApi.createCustomer, 'POST', '/api/customers/create', 'operate'),
  addNote: endpointRef((c) => c.crmApi.addNote, 'POST', '/api/customers/notes', 'operate'),
  restrictions: endpointRef((c) => c.crmApi.listRestrictions, 'GET', '/api/customers/restrictions', 'read'),
  addRestriction: endpointRef(
    (c) => c.crmApi.addRestriction,
    'POST',
    '/api/customers/restrictions/add',
    'operate',
  ),
  liftRestriction: endpointRef(
    (c) => c.crmApi.liftRestriction,
    'POST',
    '/api/customers/restrictions/lift',
    'operate',
  ),
  customerTypes: endpointRef((c) => c.crmApi.listCustomerTypes, 'GET', '/api/customer-types', 'read'),
  updateCustomerType: endpointRef(
    (c) => c.crmApi.updateCustomerType,
    'POST',
    '/api/customer-types/update',
    'configure',
  ),
  moveCustomers: endpointRef((c) => c.crmApi.moveCustomers, 'POST', '/api/customer-types/move', 'configure'),
  kyc: endpointRef((c) => c.crmApi.listCustomerKyc, 'GET', '/api/customers/kyc', 'read'),
  userAssets: endpointRef((c) => c.crmApi.listUserAssets, 'GET', '/api/user-assets', 'read'),
  assetTotals: endpointRef((c) => c.crmApi.getAssetTotals, 'GET', '/api/user-assets/totals', 'read'),
  exportUserAssets: endpointRef(
    (c) => c.crmApi.exportUserAssets,
    'GET',
    '/api/user-assets/export',
    'exportPersonal',
  ),
  overview: endpointRef((c) => c.crmApi.getCrmOverview, 'GET', '/api/crm/overview', 'read'),
};

import { endpointRef } from '../../../lib/contract.ts';

/** The CRM endpoints, named without loading the contract (see lib/contract.ts). */
export const crmEndpoints = {
  getUsers: endpointRef((c) => c.crmApi.getUsers, 'GET', '/api/customers/get-users'),
  countUsers: endpointRef((c) => c.crmApi.countUsers, 'GET', '/api/customers/count-users'),
  facets: endpointRef((c) => c.crmApi.getCustomerFacets, 'GET', '/api/customers/facets'),
  exportCustomers: endpointRef((c) => c.crmApi.exportCustomers, 'GET', '/api/customers/export'),
  getCustomer: endpointRef((c) => c.crmApi.getCustomer, 'GET', '/api/customers/detail'),
  updateCustomer: endpointRef((c) => c.crmApi.updateCustomer, 'POST', '/api/customers/update'),
  createCustomer: endpointRef((c) => c.crmApi.createCustomer, 'POST', '/api/customers/create'),
  addNote: endpointRef((c) => c.crmApi.addNote, 'POST', '/api/customers/notes'),
  restrictions: endpointRef((c) => c.crmApi.listRestrictions, 'GET', '/api/customers/restrictions'),
  addRestriction: endpointRef((c) => c.crmApi.addRestriction, 'POST', '/api/customers/restrictions/add'),
  liftRestriction: endpointRef((c) => c.crmApi.liftRestriction, 'POST', '/api/customers/restrictions/lift'),
  customerTypes: endpointRef((c) => c.crmApi.listCustomerTypes, 'GET', '/api/customer-types'),
  updateCustomerType: endpointRef((c) => c.crmApi.updateCustomerType, 'POST', '/api/customer-types/update'),
  moveCustomers: endpointRef((c) => c.crmApi.moveCustomers, 'POST', '/api/customer-types/move'),
  kyc: endpointRef((c) => c.crmApi.listCustomerKyc, 'GET', '/api/customers/kyc'),
  userAssets: endpointRef((c) => c.crmApi.listUserAssets, 'GET', '/api/user-assets'),
  assetTotals: endpointRef((c) => c.crmApi.getAssetTotals, 'GET', '/api/user-assets/totals'),
  exportUserAssets: endpointRef((c) => c.crmApi.exportUserAssets, 'GET', '/api/user-assets/export'),
  overview: endpointRef((c) => c.crmApi.getCrmOverview, 'GET', '/api/crm/overview'),
  auditHistory: endpointRef((c) => c.auditApi.getAuditHistory, 'GET', '/api/audit/history'),
};

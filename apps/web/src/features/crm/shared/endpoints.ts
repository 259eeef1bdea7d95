import * as crmRoutes from '@backdesk/contract/routes/crm';
import { crmRef } from '../../../lib/contract.ts';

/** The CRM endpoints, named without loading the contract (see lib/contract.ts). */
export const crmEndpoints = {
  /**
   * docs/product-rules.md R25: a customers answer is a success flag with a users array, or a bare array. This server
   * sends the first; the client reads both, so the rule lives in the schema that parses the answer.
   */
  getUsers: crmRef(crmRoutes.getUsers, (c) => ({
    ...c.getUsers,
    response: c.getUsers.response.or(c.CustomerSchema.array()),
  })),
  countUsers: crmRef(crmRoutes.countUsers),
  facets: crmRef(crmRoutes.getCustomerFacets),
  exportCustomers: crmRef(crmRoutes.exportCustomers),
  getCustomer: crmRef(crmRoutes.getCustomer),
  updateCustomer: crmRef(crmRoutes.updateCustomer),
  createCustomer: crmRef(crmRoutes.createCustomer),
  addNote: crmRef(crmRoutes.addNote),
  restrictions: crmRef(crmRoutes.listRestrictions),
  addRestriction: crmRef(crmRoutes.addRestriction),
  liftRestriction: crmRef(crmRoutes.liftRestriction),
  customerTypes: crmRef(crmRoutes.listCustomerTypes),
  updateCustomerType: crmRef(crmRoutes.updateCustomerType),
  moveCustomers: crmRef(crmRoutes.moveCustomers),
  kyc: crmRef(crmRoutes.listCustomerKyc),
  userAssets: crmRef(crmRoutes.listUserAssets),
  assetTotals: crmRef(crmRoutes.getAssetTotals),
  exportUserAssets: crmRef(crmRoutes.exportUserAssets),
  overview: crmRef(crmRoutes.getCrmOverview),
};

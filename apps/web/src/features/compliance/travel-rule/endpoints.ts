import * as complianceRoutes from '@backdesk/contract/routes/compliance';
import { complianceRef } from '../../../lib/contract.ts';

/** The travel rule's endpoints, named without loading the contract (see lib/contract.ts). */
export const travelRuleEndpoints = {
  queue: complianceRef(complianceRoutes.listTravelRuleQueue),
  queueCount: complianceRef(complianceRoutes.countTravelRuleQueue),
  record: complianceRef(complianceRoutes.getTravelRuleRecord),
  reveal: complianceRef(complianceRoutes.revealTravelRuleRecord),
  requestInformation: complianceRef(complianceRoutes.requestTravelRuleInformation),
  verify: complianceRef(complianceRoutes.verifyTravelRuleRecord),
  returnTransfer: complianceRef(complianceRoutes.returnTravelRuleRecord),
  reject: complianceRef(complianceRoutes.rejectTravelRuleRecord),
  vasps: complianceRef(complianceRoutes.listVasps),
  vasp: complianceRef(complianceRoutes.getVasp),
  createVasp: complianceRef(complianceRoutes.createVasp),
  updateVasp: complianceRef(complianceRoutes.updateVasp),
  deleteVasp: complianceRef(complianceRoutes.deleteVasp),
  importVasps: complianceRef(complianceRoutes.importVasps),
  addAddress: complianceRef(complianceRoutes.addVaspAddress),
  removeAddress: complianceRef(complianceRoutes.removeVaspAddress),
  configureTrp: complianceRef(complianceRoutes.configureVaspTrp),
  selfHosted: complianceRef(complianceRoutes.listSelfHostedWallets),
  recordProof: complianceRef(complianceRoutes.recordSelfHostedProof),
  settings: complianceRef(complianceRoutes.getTravelRuleSettings),
  updateSettings: complianceRef(complianceRoutes.updateTravelRuleSettings),
};

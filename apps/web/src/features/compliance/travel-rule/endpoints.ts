import { complianceRef } from '../../../lib/contract.ts';

const BASE = '/api/compliance/travel-rule';

/** The travel rule's endpoints, named without loading the contract (see lib/contract.ts). */
export const travelRuleEndpoints = {
  queue: complianceRef((c) => c.listTravelRuleQueue, 'GET', `${BASE}/queue`, 'read'),
  record: complianceRef((c) => c.getTravelRuleRecord, 'GET', `${BASE}/records/detail`, 'read'),
  reveal: complianceRef((c) => c.revealTravelRuleRecord, 'POST', `${BASE}/records/reveal`, 'operate'),
  requestInformation: complianceRef(
    (c) => c.requestTravelRuleInformation,
    'POST',
    `${BASE}/records/request-information`,
    'operate',
  ),
  verify: complianceRef((c) => c.verifyTravelRuleRecord, 'POST', `${BASE}/records/verify`, 'operate'),
  returnTransfer: complianceRef((c) => c.returnTravelRuleRecord, 'POST', `${BASE}/records/return`, 'operate'),
  reject: complianceRef((c) => c.rejectTravelRuleRecord, 'POST', `${BASE}/records/reject`, 'operate'),
  vasps: complianceRef((c) => c.listVasps, 'GET', `${BASE}/vasps`, 'read'),
};

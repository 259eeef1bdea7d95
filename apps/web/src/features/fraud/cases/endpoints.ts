import { endpointRef } from '../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/cases';

/** The cases' endpoints, named without loading the contract. */
export const caseEndpoints = {
  list: endpointRef((c) => c.fraudApi.listFraudCases, 'GET', BASE, 'read'),
  detail: endpointRef((c) => c.fraudApi.getFraudCase, 'GET', `${BASE}/detail`, 'read'),
  timeline: endpointRef((c) => c.fraudApi.getFraudCaseTimeline, 'GET', `${BASE}/timeline`, 'read'),
  linked: endpointRef((c) => c.fraudApi.getFraudCaseLinked, 'GET', `${BASE}/linked`, 'read'),
  open: endpointRef((c) => c.fraudApi.openFraudCase, 'POST', `${BASE}/open`, 'operate'),
  attach: endpointRef((c) => c.fraudApi.attachFraudCaseAlerts, 'POST', `${BASE}/attach`, 'operate'),
  detach: endpointRef((c) => c.fraudApi.detachFraudCaseAlerts, 'POST', `${BASE}/detach`, 'operate'),
  update: endpointRef((c) => c.fraudApi.updateFraudCase, 'POST', `${BASE}/update`, 'operate'),
  comment: endpointRef((c) => c.fraudApi.commentFraudCase, 'POST', `${BASE}/comment`, 'operate'),
  close: endpointRef((c) => c.fraudApi.closeFraudCase, 'POST', `${BASE}/close`, 'operate'),
  report: endpointRef((c) => c.fraudApi.draftFraudCaseReport, 'POST', `${BASE}/report`, 'operate'),
  download: endpointRef(
    (c) => c.fraudApi.downloadFraudCaseReport,
    'GET',
    `${BASE}/report/download`,
    'exportPersonal',
  ),
};

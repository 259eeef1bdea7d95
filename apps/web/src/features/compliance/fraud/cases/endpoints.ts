import { fraudRef } from '../../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/cases';

/** The cases' endpoints, named without loading the contract. */
export const caseEndpoints = {
  list: fraudRef((c) => c.listFraudCases, 'GET', BASE, 'read'),
  detail: fraudRef((c) => c.getFraudCase, 'GET', `${BASE}/detail`, 'read'),
  timeline: fraudRef((c) => c.getFraudCaseTimeline, 'GET', `${BASE}/timeline`, 'read'),
  linked: fraudRef((c) => c.getFraudCaseLinked, 'GET', `${BASE}/linked`, 'read'),
  open: fraudRef((c) => c.openFraudCase, 'POST', `${BASE}/open`, 'operate'),
  attach: fraudRef((c) => c.attachFraudCaseAlerts, 'POST', `${BASE}/attach`, 'operate'),
  detach: fraudRef((c) => c.detachFraudCaseAlerts, 'POST', `${BASE}/detach`, 'operate'),
  update: fraudRef((c) => c.updateFraudCase, 'POST', `${BASE}/update`, 'operate'),
  comment: fraudRef((c) => c.commentFraudCase, 'POST', `${BASE}/comment`, 'operate'),
  close: fraudRef((c) => c.closeFraudCase, 'POST', `${BASE}/close`, 'operate'),
  reopen: fraudRef((c) => c.reopenFraudCase, 'POST', `${BASE}/reopen`, 'operate'),
  report: fraudRef((c) => c.draftFraudCaseReport, 'POST', `${BASE}/report`, 'operate'),
  download: fraudRef((c) => c.downloadFraudCaseReport, 'GET', `${BASE}/report/download`, 'exportPersonal'),
};

import { complianceRef } from '../../../lib/contract.ts';

/** The compliance endpoints, named without loading the contract (see lib/contract.ts). */
export const complianceEndpoints = {
  documents: complianceRef((c) => c.listKycDocuments, 'GET', '/api/compliance/kyc/documents', 'read'),
  countDocuments: complianceRef(
    (c) => c.countKycDocuments,
    'GET',
    '/api/compliance/kyc/documents/count',
    'read',
  ),
  exportDocuments: complianceRef(
    (c) => c.exportKycDocuments,
    'GET',
    '/api/compliance/kyc/documents/export',
    'exportPersonal',
  ),
  document: complianceRef((c) => c.getKycDocument, 'GET', '/api/compliance/kyc/documents/detail', 'read'),
  content: complianceRef(
    (c) => c.getKycDocumentContent,
    'GET',
    '/api/compliance/kyc/documents/content',
    'read',
  ),
  upload: complianceRef(
    (c) => c.uploadKycDocument,
    'POST',
    '/api/compliance/kyc/documents/upload',
    'operate',
  ),
  decide: complianceRef(
    (c) => c.decideKycDocument,
    'POST',
    '/api/compliance/kyc/documents/decide',
    'operate',
  ),
  quarantine: complianceRef(
    (c) => c.listQuarantinedDocuments,
    'GET',
    '/api/compliance/kyc/quarantine',
    'quarantine',
  ),
  recheck: complianceRef(
    (c) => c.startDocumentRecheck,
    'POST',
    '/api/compliance/kyc/quarantine/recheck',
    'quarantine',
  ),
  customerKyc: complianceRef((c) => c.getCustomerKyc, 'GET', '/api/compliance/kyc/customer', 'read'),
  setLevel: complianceRef((c) => c.setKycLevel, 'POST', '/api/compliance/kyc/level', 'operate'),
  queue: complianceRef((c) => c.listKycQueue, 'GET', '/api/compliance/kyc/queue', 'read'),
  countQueue: complianceRef((c) => c.countKycQueue, 'GET', '/api/compliance/kyc/queue/count', 'read'),
  assign: complianceRef((c) => c.assignKycCase, 'POST', '/api/compliance/kyc/queue/assign', 'operate'),
  next: complianceRef((c) => c.claimNextKycCase, 'POST', '/api/compliance/kyc/queue/next', 'operate'),
  release: complianceRef((c) => c.releaseKycCase, 'POST', '/api/compliance/kyc/queue/release', 'operate'),
  reassign: complianceRef(
    (c) => c.reassignKycCase,
    'POST',
    '/api/compliance/kyc/queue/reassign',
    'supervise',
  ),
  reviewers: complianceRef((c) => c.listKycReviewers, 'GET', '/api/compliance/kyc/reviewers', 'read'),
  settings: complianceRef((c) => c.getKycSettings, 'GET', '/api/compliance/kyc/settings', 'read'),
  overview: complianceRef((c) => c.getComplianceOverview, 'GET', '/api/compliance/overview', 'read'),
};

/** Where the viewer fetches a document's bytes (each fetch is an audited view). */
export const contentUrl = (id: number) => `${complianceEndpoints.content.path}?id=${id}`;

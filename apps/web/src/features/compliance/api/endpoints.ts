import { endpointRef } from '../../../lib/contract.ts';

/** The compliance endpoints, named without loading the contract (see lib/contract.ts). */
export const complianceEndpoints = {
  documents: endpointRef(
    (c) => c.complianceApi.listKycDocuments,
    'GET',
    '/api/compliance/kyc/documents',
    'read',
  ),
  countDocuments: endpointRef(
    (c) => c.complianceApi.countKycDocuments,
    'GET',
    '/api/compliance/kyc/documents/count',
    'read',
  ),
  exportDocuments: endpointRef(
    (c) => c.complianceApi.exportKycDocuments,
    'GET',
    '/api/compliance/kyc/documents/export',
    'exportPersonal',
  ),
  document: endpointRef(
    (c) => c.complianceApi.getKycDocument,
    'GET',
    '/api/compliance/kyc/documents/detail',
    'read',
  ),
  content: endpointRef(
    (c) => c.complianceApi.getKycDocumentContent,
    'GET',
    '/api/compliance/kyc/documents/content',
    'read',
  ),
  upload: endpointRef(
    (c) => c.complianceApi.uploadKycDocument,
    'POST',
    '/api/compliance/kyc/documents/upload',
    'operate',
  ),
  decide: endpointRef(
    (c) => c.complianceApi.decideKycDocument,
    'POST',
    '/api/compliance/kyc/documents/decide',
    'operate',
  ),
  customerKyc: endpointRef(
    (c) => c.complianceApi.getCustomerKyc,
    'GET',
    '/api/compliance/kyc/customer',
    'read',
  ),
  setLevel: endpointRef((c) => c.complianceApi.setKycLevel, 'POST', '/api/compliance/kyc/level', 'operate'),
  queue: endpointRef((c) => c.complianceApi.listKycQueue, 'GET', '/api/compliance/kyc/queue', 'read'),
  countQueue: endpointRef(
    (c) => c.complianceApi.countKycQueue,
    'GET',
    '/api/compliance/kyc/queue/count',
    'read',
  ),
  assign: endpointRef(
    (c) => c.complianceApi.assignKycCase,
    'POST',
    '/api/compliance/kyc/queue/assign',
    'operate',
  ),
  next: endpointRef(
    (c) => c.complianceApi.claimNextKycCase,
    'POST',
    '/api/compliance/kyc/queue/next',
    'operate',
  ),
  release: endpointRef(
    (c) => c.complianceApi.releaseKycCase,
    'POST',
    '/api/compliance/kyc/queue/release',
    'operate',
  ),
  reassign: endpointRef(
    (c) => c.complianceApi.reassignKycCase,
    'POST',
    '/api/compliance/kyc/queue/reassign',
    'supervise',
  ),
  reviewers: endpointRef(
    (c) => c.complianceApi.listKycReviewers,
    'GET',
    '/api/compliance/kyc/reviewers',
    'read',
  ),
  settings: endpointRef((c) => c.complianceApi.getKycSettings, 'GET', '/api/compliance/kyc/settings', 'read'),
  overview: endpointRef(
    (c) => c.complianceApi.getComplianceOverview,
    'GET',
    '/api/compliance/overview',
    'read',
  ),
};

/** Where the viewer fetches a document's bytes (each fetch is an audited view). */
export const contentUrl = (id: number) => `${complianceEndpoints.content.path}?id=${id}`;

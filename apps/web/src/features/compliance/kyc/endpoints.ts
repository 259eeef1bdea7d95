import * as complianceRoutes from '@backdesk/contract/routes/compliance';
import { complianceRef } from '../../../lib/contract.ts';

/** The compliance endpoints, named without loading the contract (see lib/contract.ts). */
export const complianceEndpoints = {
  documents: complianceRef(complianceRoutes.listKycDocuments),
  countDocuments: complianceRef(complianceRoutes.countKycDocuments),
  exportDocuments: complianceRef(complianceRoutes.exportKycDocuments),
  document: complianceRef(complianceRoutes.getKycDocument),
  content: complianceRef(complianceRoutes.getKycDocumentContent),
  upload: complianceRef(complianceRoutes.uploadKycDocument),
  decide: complianceRef(complianceRoutes.decideKycDocument),
  quarantine: complianceRef(complianceRoutes.listQuarantinedDocuments),
  recheck: complianceRef(complianceRoutes.startDocumentRecheck),
  customerKyc: complianceRef(complianceRoutes.getCustomerKyc),
  setLevel: complianceRef(complianceRoutes.setKycLevel),
  queue: complianceRef(complianceRoutes.listKycQueue),
  countQueue: complianceRef(complianceRoutes.countKycQueue),
  assign: complianceRef(complianceRoutes.assignKycCase),
  next: complianceRef(complianceRoutes.claimNextKycCase),
  release: complianceRef(complianceRoutes.releaseKycCase),
  reassign: complianceRef(complianceRoutes.reassignKycCase),
  reviewers: complianceRef(complianceRoutes.listKycReviewers),
  settings: complianceRef(complianceRoutes.getKycSettings),
  overview: complianceRef(complianceRoutes.getComplianceOverview),
};

/** Where the viewer fetches a document's bytes (each fetch is an audited view). */
export const contentUrl = (id: number) => `${complianceEndpoints.content.path}?id=${id}`;

// Generated from compliance/index.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const addVaspAddress = {
  name: 'addVaspAddress',
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/addresses/add',
  access: 'configure',
} as const;

export const assignKycCase = {
  name: 'assignKycCase',
  method: 'POST',
  path: '/api/compliance/kyc/queue/assign',
  access: 'operate',
} as const;

export const claimNextKycCase = {
  name: 'claimNextKycCase',
  method: 'POST',
  path: '/api/compliance/kyc/queue/next',
  access: 'operate',
} as const;

export const configureVaspTrp = {
  name: 'configureVaspTrp',
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/trp',
  access: 'configure',
} as const;

export const countKycDocuments = {
  name: 'countKycDocuments',
  method: 'GET',
  path: '/api/compliance/kyc/documents/count',
  access: 'read',
} as const;

export const countKycQueue = {
  name: 'countKycQueue',
  method: 'GET',
  path: '/api/compliance/kyc/queue/count',
  access: 'read',
} as const;

export const countTravelRuleQueue = {
  name: 'countTravelRuleQueue',
  method: 'GET',
  path: '/api/compliance/travel-rule/queue/count',
  access: 'read',
} as const;

export const createVasp = {
  name: 'createVasp',
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/create',
  access: 'configure',
} as const;

export const decideKycDocument = {
  name: 'decideKycDocument',
  method: 'POST',
  path: '/api/compliance/kyc/documents/decide',
  access: 'operate',
} as const;

export const deleteVasp = {
  name: 'deleteVasp',
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/delete',
  access: 'configure',
} as const;

export const downloadKycDocument = {
  name: 'downloadKycDocument',
  method: 'GET',
  path: '/api/compliance/kyc/documents/download',
  access: 'exportPersonal',
} as const;

export const editTravelRuleRecord = {
  name: 'editTravelRuleRecord',
  method: 'POST',
  path: '/api/compliance/travel-rule/records/update',
  access: 'operate',
} as const;

export const exportKycDocuments = {
  name: 'exportKycDocuments',
  method: 'GET',
  path: '/api/compliance/kyc/documents/export',
  access: 'exportPersonal',
} as const;

export const exportTravelRuleRecords = {
  name: 'exportTravelRuleRecords',
  method: 'GET',
  path: '/api/compliance/travel-rule/records/export',
  access: 'exportPersonal',
} as const;

export const getComplianceOverview = {
  name: 'getComplianceOverview',
  method: 'GET',
  path: '/api/compliance/overview',
  access: 'read',
} as const;

export const getCustomerKyc = {
  name: 'getCustomerKyc',
  method: 'GET',
  path: '/api/compliance/kyc/customer',
  access: 'read',
} as const;

export const getKycDocument = {
  name: 'getKycDocument',
  method: 'GET',
  path: '/api/compliance/kyc/documents/detail',
  access: 'read',
} as const;

export const getKycDocumentContent = {
  name: 'getKycDocumentContent',
  method: 'GET',
  path: '/api/compliance/kyc/documents/content',
  access: 'read',
} as const;

export const getKycSettings = {
  name: 'getKycSettings',
  method: 'GET',
  path: '/api/compliance/kyc/settings',
  access: 'read',
} as const;

export const getTravelRuleRecord = {
  name: 'getTravelRuleRecord',
  method: 'GET',
  path: '/api/compliance/travel-rule/records/detail',
  access: 'read',
} as const;

export const getTravelRuleSettings = {
  name: 'getTravelRuleSettings',
  method: 'GET',
  path: '/api/compliance/travel-rule/settings',
  access: 'read',
} as const;

export const getVasp = {
  name: 'getVasp',
  method: 'GET',
  path: '/api/compliance/travel-rule/vasps/detail',
  access: 'read',
} as const;

export const importVasps = {
  name: 'importVasps',
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/import',
  access: 'configure',
} as const;

export const listKycDocuments = {
  name: 'listKycDocuments',
  method: 'GET',
  path: '/api/compliance/kyc/documents',
  access: 'read',
} as const;

export const listKycQueue = {
  name: 'listKycQueue',
  method: 'GET',
  path: '/api/compliance/kyc/queue',
  access: 'read',
} as const;

export const listKycReviewers = {
  name: 'listKycReviewers',
  method: 'GET',
  path: '/api/compliance/kyc/reviewers',
  access: 'read',
} as const;

export const listQuarantinedDocuments = {
  name: 'listQuarantinedDocuments',
  method: 'GET',
  path: '/api/compliance/kyc/quarantine',
  access: 'quarantine',
} as const;

export const listSelfHostedWallets = {
  name: 'listSelfHostedWallets',
  method: 'GET',
  path: '/api/compliance/travel-rule/self-hosted',
  access: 'read',
} as const;

export const listTravelRuleQueue = {
  name: 'listTravelRuleQueue',
  method: 'GET',
  path: '/api/compliance/travel-rule/queue',
  access: 'read',
} as const;

export const listVasps = {
  name: 'listVasps',
  method: 'GET',
  path: '/api/compliance/travel-rule/vasps',
  access: 'read',
} as const;

export const reassignKycCase = {
  name: 'reassignKycCase',
  method: 'POST',
  path: '/api/compliance/kyc/queue/reassign',
  access: 'supervise',
} as const;

export const recordSelfHostedProof = {
  name: 'recordSelfHostedProof',
  method: 'POST',
  path: '/api/compliance/travel-rule/self-hosted/proof',
  access: 'operate',
} as const;

export const rejectTravelRuleRecord = {
  name: 'rejectTravelRuleRecord',
  method: 'POST',
  path: '/api/compliance/travel-rule/records/reject',
  access: 'operate',
} as const;

export const releaseKycCase = {
  name: 'releaseKycCase',
  method: 'POST',
  path: '/api/compliance/kyc/queue/release',
  access: 'operate',
} as const;

export const removeVaspAddress = {
  name: 'removeVaspAddress',
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/addresses/remove',
  access: 'configure',
} as const;

export const requestTravelRuleInformation = {
  name: 'requestTravelRuleInformation',
  method: 'POST',
  path: '/api/compliance/travel-rule/records/request-information',
  access: 'operate',
} as const;

export const returnTravelRuleRecord = {
  name: 'returnTravelRuleRecord',
  method: 'POST',
  path: '/api/compliance/travel-rule/records/return',
  access: 'operate',
} as const;

export const revealTravelRuleRecord = {
  name: 'revealTravelRuleRecord',
  method: 'POST',
  path: '/api/compliance/travel-rule/records/reveal',
  access: 'operate',
} as const;

export const setKycLevel = {
  name: 'setKycLevel',
  method: 'POST',
  path: '/api/compliance/kyc/level',
  access: 'operate',
} as const;

export const startDocumentRecheck = {
  name: 'startDocumentRecheck',
  method: 'POST',
  path: '/api/compliance/kyc/quarantine/recheck',
  access: 'quarantine',
} as const;

export const updateKycSettings = {
  name: 'updateKycSettings',
  method: 'POST',
  path: '/api/compliance/kyc/settings/update',
  access: 'configure',
} as const;

export const updateTravelRuleSettings = {
  name: 'updateTravelRuleSettings',
  method: 'POST',
  path: '/api/compliance/travel-rule/settings/update',
  access: 'configure',
} as const;

export const updateVasp = {
  name: 'updateVasp',
  method: 'POST',
  path: '/api/compliance/travel-rule/vasps/update',
  access: 'configure',
} as const;

export const uploadKycDocument = {
  name: 'uploadKycDocument',
  method: 'POST',
  path: '/api/compliance/kyc/documents/upload',
  access: 'operate',
} as const;

export const verifyTravelRuleRecord = {
  name: 'verifyTravelRuleRecord',
  method: 'POST',
  path: '/api/compliance/travel-rule/records/verify',
  access: 'operate',
} as const;

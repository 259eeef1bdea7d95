// Generated from fraud/index.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const addBlocklistEntry = {
  name: 'addBlocklistEntry',
  method: 'POST',
  path: '/api/compliance/fraud/blocklist/add',
  access: 'operate',
} as const;

export const assignFraudAlert = {
  name: 'assignFraudAlert',
  method: 'POST',
  path: '/api/compliance/fraud/alerts/assign',
  access: 'operate',
} as const;

export const attachFraudCaseAlerts = {
  name: 'attachFraudCaseAlerts',
  method: 'POST',
  path: '/api/compliance/fraud/cases/attach',
  access: 'operate',
} as const;

export const backtestFraudRule = {
  name: 'backtestFraudRule',
  method: 'POST',
  path: '/api/compliance/fraud/rules/backtest',
  access: 'configure',
} as const;

export const bulkFraudAlerts = {
  name: 'bulkFraudAlerts',
  method: 'POST',
  path: '/api/compliance/fraud/alerts/bulk',
  access: 'operate',
} as const;

export const cancelFraudRun = {
  name: 'cancelFraudRun',
  method: 'POST',
  path: '/api/compliance/fraud/runs/cancel',
  access: 'operate',
} as const;

export const closeFraudCase = {
  name: 'closeFraudCase',
  method: 'POST',
  path: '/api/compliance/fraud/cases/close',
  access: 'operate',
} as const;

export const commentFraudAlert = {
  name: 'commentFraudAlert',
  method: 'POST',
  path: '/api/compliance/fraud/alerts/comment',
  access: 'operate',
} as const;

export const commentFraudCase = {
  name: 'commentFraudCase',
  method: 'POST',
  path: '/api/compliance/fraud/cases/comment',
  access: 'operate',
} as const;

export const detachFraudCaseAlerts = {
  name: 'detachFraudCaseAlerts',
  method: 'POST',
  path: '/api/compliance/fraud/cases/detach',
  access: 'operate',
} as const;

export const downloadFraudCaseReport = {
  name: 'downloadFraudCaseReport',
  method: 'GET',
  path: '/api/compliance/fraud/cases/report/download',
  access: 'exportPersonal',
} as const;

export const draftFraudCaseReport = {
  name: 'draftFraudCaseReport',
  method: 'POST',
  path: '/api/compliance/fraud/cases/report',
  access: 'operate',
} as const;

export const exportBlocklist = {
  name: 'exportBlocklist',
  method: 'GET',
  path: '/api/compliance/fraud/blocklist/export',
  access: 'exportPersonal',
} as const;

export const exportFraudAlerts = {
  name: 'exportFraudAlerts',
  method: 'GET',
  path: '/api/compliance/fraud/alerts/export',
  access: 'exportPersonal',
} as const;

export const getFraudAlert = {
  name: 'getFraudAlert',
  method: 'GET',
  path: '/api/compliance/fraud/alerts/detail',
  access: 'read',
} as const;

export const getFraudCase = {
  name: 'getFraudCase',
  method: 'GET',
  path: '/api/compliance/fraud/cases/detail',
  access: 'read',
} as const;

export const getFraudCaseLinked = {
  name: 'getFraudCaseLinked',
  method: 'GET',
  path: '/api/compliance/fraud/cases/linked',
  access: 'read',
} as const;

export const getFraudCaseTimeline = {
  name: 'getFraudCaseTimeline',
  method: 'GET',
  path: '/api/compliance/fraud/cases/timeline',
  access: 'read',
} as const;

export const getFraudRun = {
  name: 'getFraudRun',
  method: 'GET',
  path: '/api/compliance/fraud/runs/detail',
  access: 'read',
} as const;

export const getLinkedCustomers = {
  name: 'getLinkedCustomers',
  method: 'GET',
  path: '/api/compliance/fraud/customers/linked',
  access: 'read',
} as const;

export const getScreeningEvidence = {
  name: 'getScreeningEvidence',
  method: 'GET',
  path: '/api/compliance/fraud/screening/evidence',
  access: 'read',
} as const;

export const getScreeningSettings = {
  name: 'getScreeningSettings',
  method: 'GET',
  path: '/api/compliance/fraud/screening/settings',
  access: 'read',
} as const;

export const importBlocklist = {
  name: 'importBlocklist',
  method: 'POST',
  path: '/api/compliance/fraud/blocklist/import',
  access: 'operate',
} as const;

export const importScreeningList = {
  name: 'importScreeningList',
  method: 'POST',
  path: '/api/compliance/fraud/screening/lists/import',
  access: 'configure',
} as const;

export const listBlocklist = {
  name: 'listBlocklist',
  method: 'GET',
  path: '/api/compliance/fraud/blocklist',
  access: 'read',
} as const;

export const listFraudAlerts = {
  name: 'listFraudAlerts',
  method: 'GET',
  path: '/api/compliance/fraud/alerts',
  access: 'read',
} as const;

export const listFraudCases = {
  name: 'listFraudCases',
  method: 'GET',
  path: '/api/compliance/fraud/cases',
  access: 'read',
} as const;

export const listFraudRuleVersions = {
  name: 'listFraudRuleVersions',
  method: 'GET',
  path: '/api/compliance/fraud/rules/versions',
  access: 'read',
} as const;

export const listFraudRules = {
  name: 'listFraudRules',
  method: 'GET',
  path: '/api/compliance/fraud/rules',
  access: 'read',
} as const;

export const listFraudRuns = {
  name: 'listFraudRuns',
  method: 'GET',
  path: '/api/compliance/fraud/runs',
  access: 'read',
} as const;

export const listScreeningLists = {
  name: 'listScreeningLists',
  method: 'GET',
  path: '/api/compliance/fraud/screening/lists',
  access: 'read',
} as const;

export const moveFraudAlert = {
  name: 'moveFraudAlert',
  method: 'POST',
  path: '/api/compliance/fraud/alerts/move',
  access: 'operate',
} as const;

export const openFraudCase = {
  name: 'openFraudCase',
  method: 'POST',
  path: '/api/compliance/fraud/cases/open',
  access: 'operate',
} as const;

export const removeBlocklistEntry = {
  name: 'removeBlocklistEntry',
  method: 'POST',
  path: '/api/compliance/fraud/blocklist/remove',
  access: 'operate',
} as const;

export const reopenFraudCase = {
  name: 'reopenFraudCase',
  method: 'POST',
  path: '/api/compliance/fraud/cases/reopen',
  access: 'operate',
} as const;

export const rescreenCustomers = {
  name: 'rescreenCustomers',
  method: 'POST',
  path: '/api/compliance/fraud/screening/rescreen',
  access: 'configure',
} as const;

export const restrictFromFraudAlert = {
  name: 'restrictFromFraudAlert',
  method: 'POST',
  path: '/api/compliance/fraud/alerts/restrict',
  access: 'operate',
} as const;

export const tryScreeningName = {
  name: 'tryScreeningName',
  method: 'GET',
  path: '/api/compliance/fraud/screening/try',
  access: 'read',
} as const;

export const updateFraudCase = {
  name: 'updateFraudCase',
  method: 'POST',
  path: '/api/compliance/fraud/cases/update',
  access: 'operate',
} as const;

export const updateFraudRule = {
  name: 'updateFraudRule',
  method: 'POST',
  path: '/api/compliance/fraud/rules/update',
  access: 'configure',
} as const;

export const updateScreeningSettings = {
  name: 'updateScreeningSettings',
  method: 'POST',
  path: '/api/compliance/fraud/screening/settings',
  access: 'configure',
} as const;

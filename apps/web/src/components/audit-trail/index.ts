export { AuditTrail } from './audit-trail.tsx';
export { AuditTrailDrawer } from './audit-trail-drawer.tsx';
export { auditTrailKey, auditTrailQueryOptions, useAuditTrail } from './audit-trail-query.ts';
export { HistoryButton } from './history-button.tsx';
export { useRecordHistory } from './use-record-history.tsx';

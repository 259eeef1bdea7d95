export { BulkApprovalDialog, type BulkApprovalInput } from './bulk-approval-dialog.tsx';
export { BulkThreshold } from './bulk-threshold.tsx';
export { PendingBulkApprovals } from './pending-bulk-approvals.tsx';
